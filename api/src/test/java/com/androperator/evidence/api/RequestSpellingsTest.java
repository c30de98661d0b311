package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.RequestField;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The spellings table names every field on every surface, once: the edges generate their options,
 * schemas and argument reading from it, so a row that lacks a surface would be a field some caller
 * cannot set.
 */
class RequestSpellingsTest {
    private static final List<RequestField> ALL = List.of(RequestField.values());

    @Test
    void everyFieldHasOneNameOnEachSurface() {
        assertThat(ALL).extracting(field -> RequestSpellings.cli(field).option()).doesNotHaveDuplicates()
                .allSatisfy(option -> assertThat(option).matches("--[a-z][a-z-]*"));
        assertThat(ALL).filteredOn(field -> RequestSpellings.mcp(field).isPresent())
                .extracting(field -> RequestSpellings.mcp(field).orElseThrow().name()).doesNotHaveDuplicates();
    }

    @Test
    void everyStillFieldHasItsHelpAndSchema() {
        for (RequestField field : RequestField.stillFields()) {
            RequestSpellings.CliSpelling cli = RequestSpellings.cli(field);
            assertThat(cli.paramLabel()).as("%s", field).matches("<.+>");
            assertThat(cli.help()).as("%s", field).isNotEmpty()
                    .allSatisfy(line -> assertThat(line).isNotBlank().doesNotContain("%"));
            assertThat(cli.expected().isEmpty()).as("%s converts as an integer", field)
                    .isEqualTo(field.kind() != RequestField.Kind.INTEGER);
            RequestSpellings.mcp(field).ifPresent(mcp -> {
                assertThat(mcp.type()).as("%s", field)
                        .isEqualTo(field.kind() == RequestField.Kind.JSON_OBJECT ? "object"
                                : field.kind() == RequestField.Kind.INTEGER ? "integer" : "string");
                assertThat(mcp.rule()).as("%s", field).isNotBlank();
            });
        }
        assertThat(RequestField.stillFields()).filteredOn(field -> RequestSpellings.mcp(field).isEmpty())
                .as("only the output directory is no MCP client's to choose").containsExactly(RequestField.OUTPUT_DIR);
    }

    @Test
    void eachSurfaceListsTheStillFieldsInItsOwnOrderOnce() {
        assertThat(RequestSpellings.stillByCliRank()).containsSubsequence(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE,
                RequestField.OUTPUT_DIR, RequestField.LABEL, RequestField.CONTEXT, RequestField.TIMEOUT);
        assertThat(RequestSpellings.stillByMcpRank()).containsSubsequence(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE,
                RequestField.TIMEOUT, RequestField.LABEL, RequestField.CONTEXT);
        assertThat(RequestField.stillFields()).extracting(field -> RequestSpellings.cli(field).rank()).doesNotHaveDuplicates();
        assertThat(Arrays.stream(RequestField.values()).filter(RequestField::still).flatMap(field -> RequestSpellings.mcp(field).stream())
                .map(RequestSpellings.McpSpelling::rank).toList()).doesNotHaveDuplicates();
    }
}
