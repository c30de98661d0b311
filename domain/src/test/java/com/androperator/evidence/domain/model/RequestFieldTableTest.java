package com.androperator.evidence.domain.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The request-field table names every field on every surface, once: the edges generate their
 * options, schemas and argument reading from it, so a row that lacks a surface would be a field
 * some caller cannot set.
 */
class RequestFieldTableTest {
    private static final List<RequestField> ALL = List.of(RequestField.values());

    @Test
    void everyFieldHasOneNameOnEachSurface() {
        assertThat(ALL).extracting(field -> field.cli().option()).doesNotHaveDuplicates()
                .allSatisfy(option -> assertThat(option).matches("--[a-z][a-z-]*"));
        assertThat(ALL).extracting(RequestField::javaName).doesNotHaveDuplicates()
                .allSatisfy(name -> assertThat(name).matches("[a-z][A-Za-z]*"));
        assertThat(ALL).filteredOn(field -> field.mcp().isPresent())
                .extracting(field -> field.mcp().orElseThrow().name()).doesNotHaveDuplicates();
    }

    @Test
    void everyStillFieldHasItsHelpAndSchema() {
        for (RequestField field : RequestField.stillFields()) {
            RequestField.CliSpelling cli = field.cli();
            assertThat(cli.paramLabel()).as("%s", field).matches("<.+>");
            assertThat(cli.help()).as("%s", field).isNotEmpty()
                    .allSatisfy(line -> assertThat(line).isNotBlank().doesNotContain("%"));
            assertThat(cli.expected().isEmpty()).as("%s converts as an integer", field)
                    .isEqualTo(field.kind() != RequestField.Kind.INTEGER);
            field.mcp().ifPresent(mcp -> {
                assertThat(mcp.type()).as("%s", field)
                        .isEqualTo(field.kind() == RequestField.Kind.JSON_OBJECT ? "object"
                                : field.kind() == RequestField.Kind.INTEGER ? "integer" : "string");
                assertThat(mcp.rule()).as("%s", field).isNotBlank();
            });
        }
        assertThat(RequestField.stillFields()).filteredOn(field -> field.mcp().isEmpty())
                .as("only the output directory is no MCP client's to choose").containsExactly(RequestField.OUTPUT_DIR);
    }

    @Test
    void eachSurfaceListsTheStillFieldsInItsOwnOrderOnce() {
        assertThat(RequestField.stillByCliRank()).containsSubsequence(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE,
                RequestField.OUTPUT_DIR, RequestField.LABEL, RequestField.CONTEXT, RequestField.TIMEOUT);
        assertThat(RequestField.stillByMcpRank()).containsSubsequence(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE,
                RequestField.TIMEOUT, RequestField.LABEL, RequestField.CONTEXT);
        assertThat(RequestField.stillFields()).extracting(field -> field.cli().rank()).doesNotHaveDuplicates();
        assertThat(Arrays.stream(RequestField.values()).filter(RequestField::still).flatMap(field -> field.mcp().stream())
                .map(RequestField.McpSpelling::rank).toList()).doesNotHaveDuplicates();
    }

    @Test
    void requestValuesHoldEachFieldAsItsKind() {
        RequestValues values = RequestValues.none().with(RequestField.LABEL, "a").with(RequestField.TIMEOUT, 5000L)
                .with(RequestField.CONTEXT, List.of(1));
        assertThat(values.text(RequestField.LABEL)).isEqualTo("a");
        assertThat(values.integer(RequestField.TIMEOUT)).isEqualTo(5000L);
        assertThat(values.json(RequestField.CONTEXT)).as("the use case refuses what is not an object").isEqualTo(List.of(1));
        assertThat(values.with(RequestField.LABEL, null).has(RequestField.LABEL)).isFalse();
        assertThatThrownBy(() -> values.with(RequestField.TIMEOUT, "5000")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> values.integer(RequestField.LABEL)).isInstanceOf(IllegalArgumentException.class);
        assertThat(RequestValues.none().with(RequestField.DEVICE, "d")
                .orElse(values.with(RequestField.DEVICE, "fallback"))).isEqualTo(values.with(RequestField.DEVICE, "d"));
        assertThat(Map.of(values, 1)).containsKey(RequestValues.none().with(RequestField.CONTEXT, List.of(1))
                .with(RequestField.TIMEOUT, 5000L).with(RequestField.LABEL, "a"));
    }
}
