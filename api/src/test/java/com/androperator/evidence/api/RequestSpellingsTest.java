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

    /** Video start's help, word for word as its hand-declared options had it before they came from the table. */
    @Test
    void videoStartsOptionsAreSpelledAsItsCommandLineHasAlwaysSpelledThem() {
        assertThat(RequestSpellings.videoStartByCliRank()).containsExactly(RequestField.DEVICE,
                RequestField.OPERATOR_PACKAGE, RequestField.OUTPUT_DIR, RequestField.DURATION, RequestField.SIZE,
                RequestField.LABEL, RequestField.CONTEXT);
        assertThat(RequestSpellings.videoStartByCliRank().stream().map(RequestSpellings::videoStartCli).toList())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("rank").containsExactly(
                        cli("--device", "<serial>", false, "", "Device serial, e.g. emulator-5554 (required).",
                                "Default: ANDROID_SERIAL."),
                        cli("--operator-package", "<package>", false, "",
                                "Operator app package, never switched automatically,",
                                "e.g. com.androperator.operator.dev. Default: none."),
                        cli("--output-dir", "<directory>", true, "",
                                "Absolute path of a new bundle directory; its parent must exist."),
                        cli("--duration-seconds", "<seconds>", false, "an integer number of seconds from 1 to 180",
                                "Recording length, an integer from 1 to 180 (required)."),
                        cli("--size", "<WIDTHxHEIGHT>", false, "", "Positive even dimensions within 1%% of the "
                                + "display's aspect ratio. Default: longest edge 1280."),
                        cli("--label", "<text>", false, "", "Optional label, at most 2048 UTF-16 code units."),
                        cli("--context-json", "<object>", false, "",
                                "Optional JSON object copied into the manifest as given (at most 16 KiB). Default: {}."));
        assertThat(RequestSpellings.videoStartFields()).as("read in the table's order: a bad context before a bad duration")
                .containsExactly(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE, RequestField.OUTPUT_DIR,
                        RequestField.LABEL, RequestField.CONTEXT, RequestField.DURATION, RequestField.SIZE);
    }

    /** evidence_video_start's properties, word for word as its hand-written schema had them. */
    @Test
    void videoStartsPropertiesAreDescribedAsItsToolHasAlwaysDescribedThem() {
        assertThat(RequestSpellings.videoStartByMcpRank()).extracting(field -> RequestSpellings.mcp(field).orElseThrow().name())
                .containsExactly("durationSeconds", "size", "label", "context", "deviceId", "operatorPackage");
        RequestSpellings.McpSpelling duration = RequestSpellings.mcp(RequestField.DURATION).orElseThrow();
        assertThat(duration.type()).isEqualTo("integer");
        assertThat(duration.description(RequestSpellings.videoStartWhenOmitted(RequestField.DURATION)))
                .isEqualTo("Recording length in seconds, an integer from 1 to 180.");
        assertThat(duration.keywords()).containsExactly(new RequestSpellings.SchemaKeyword("minimum", 1),
                new RequestSpellings.SchemaKeyword("maximum", 180));
        RequestSpellings.McpSpelling size = RequestSpellings.mcp(RequestField.SIZE).orElseThrow();
        assertThat(size.type()).isEqualTo("string");
        assertThat(size.description(RequestSpellings.videoStartWhenOmitted(RequestField.SIZE)))
                .isEqualTo("WIDTHxHEIGHT, positive even numbers of at most 5 digits within 1% of the display's aspect "
                        + "ratio, e.g. 576x1280. Default: the display scaled to a longest edge of 1280.");
        assertThat(size.keywords()).containsExactly(new RequestSpellings.SchemaKeyword("pattern", "^[0-9]{1,5}x[0-9]{1,5}$"));
        assertThat(RequestSpellings.videoStartWhenOmitted(RequestField.DEVICE))
                .isEqualTo("Required (video always names its device) unless the server was started with --device.");
        assertThat(RequestSpellings.videoStartWhenOmitted(RequestField.OPERATOR_PACKAGE))
                .isEqualTo("Optional: video records through scrcpy; when given it is recorded with the session.");
        assertThat(RequestSpellings.videoStartWhenOmitted(RequestField.LABEL)).isEmpty();
        assertThat(RequestSpellings.videoStartWhenOmitted(RequestField.CONTEXT)).isEmpty();
    }

    /** Video status and stop's options, word for word as their hand-declared options had them before they came from the table. */
    @Test
    void videoSessionOptionsAreSpelledAsTheirCommandLineHasAlwaysSpelledThem() {
        assertThat(RequestSpellings.videoSessionFields().stream().map(RequestSpellings::videoSessionCli).toList())
                .usingRecursiveFieldByFieldElementComparatorIgnoringFields("rank").containsExactly(
                        cli("--session", "<manifest.json>", true, "", "The absolute manifest.json path that start returned."),
                        cli("--device", "<serial>", false, "", "Optional: must match the session's saved device."),
                        cli("--operator-package", "<package>", false, "",
                                "Optional: must match the session's saved Operator package."));
        assertThat(RequestSpellings.videoSessionFields()).extracting(field -> RequestSpellings.videoSessionCli(field).rank())
                .as("listed in rank order").isSorted();
    }

    /** evidence_video_status and _stop's one property, and configure's defaults, word for word as their hand-written schemas had them. */
    @Test
    void sessionIdAndConfigureDefaultsAreDescribedAsTheirToolsHaveAlwaysDescribedThem() {
        assertThat(RequestSpellings.videoSessionByMcpRank()).containsExactly(RequestField.SESSION);
        RequestSpellings.McpSpelling session = RequestSpellings.mcp(RequestField.SESSION).orElseThrow();
        assertThat(session.name()).isEqualTo("sessionId");
        assertThat(session.type()).isEqualTo("string");
        assertThat(session.description("")).isEqualTo("The sessionId that evidence_video_start returned (the name of "
                + "its bundle directory under this server's evidence root).");
        assertThat(session.keywords()).isEmpty();
        assertThat(RequestSpellings.configureFields()).containsExactly(RequestField.DEVICE, RequestField.OPERATOR_PACKAGE,
                RequestField.TIMEOUT);
        assertThat(RequestSpellings.configureFields()).extracting(RequestSpellings::configureDefault).containsExactly(
                "Default adb serial for later calls that omit deviceId; null clears it (then the server's "
                        + "ANDROID_SERIAL, else the one attached device).",
                "Default Operator package for later calls that omit operatorPackage, e.g. com.androperator.operator.dev; "
                        + "null clears it (then the server's ANDROPERATOR_OPERATOR_PACKAGE, else com.androperator.operator).",
                "Default device-work budget in milliseconds for evidence_capture calls that omit timeoutMs, "
                        + "1000..120000; null clears it (then 30000).");
    }

    private static RequestSpellings.CliSpelling cli(String option, String paramLabel, boolean required, String expected,
                                                    String... help) {
        return new RequestSpellings.CliSpelling(option, paramLabel, 0, required, expected, List.of(help));
    }
}
