package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import java.util.Map;
import org.junit.jupiter.api.Test;

class McpVocabularyTest {

    @Test
    void aValidationRefusalNamesTheMcpFieldInsteadOfTheCliOption() {
        CommandResult cli = CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                "--timeout must be an integer from 1000 to 120000 milliseconds, got 999; --context-json is fine",
                Map.of("option", "--timeout"), null);

        CommandResult mcp = McpVocabulary.translate(cli);

        assertThat(mcp.message()).isEqualTo(
                "timeoutMs must be an integer from 1000 to 120000 milliseconds, got 999; context is fine");
        assertThat(mcp.details()).containsEntry("option", "timeoutMs");
        assertThat(mcp.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
    }

    @Test
    void everyCodesMessageAndHintNameMcpFieldsButQuotedShellCommandsStayAsTheyAre() {
        CommandResult cli = CommandResult.refused("DEVICE_NOT_FOUND", "No device matches --device emulator-5598.",
                null, "pass --device <serial> with one of: emulator-5554, or a larger --timeout; then rerun "
                        + "`androperator doctor --device emulator-5554`");

        CommandResult mcp = McpVocabulary.translate(cli);

        assertThat(mcp.message()).isEqualTo("No device matches deviceId emulator-5598.");
        assertThat(mcp.hint()).isEqualTo("pass deviceId <serial> with one of: emulator-5554, or a larger timeoutMs; "
                + "then rerun `androperator doctor --device emulator-5554`");
        assertThat(McpVocabulary.inMcpWords("an unclosed `quote --device")).isEqualTo("an unclosed `quote --device");
    }

    @Test
    void otherResultsPassThroughUnchanged() {
        CommandResult exists = CommandResult.refused(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, "--output-dir exists", null, null);

        assertThat(McpVocabulary.translate(exists)).isSameAs(exists);
    }
}
