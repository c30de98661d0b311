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
    void otherResultsPassThroughUnchanged() {
        CommandResult exists = CommandResult.refused(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, "--output-dir exists", null, null);

        assertThat(McpVocabulary.translate(exists)).isSameAs(exists);
    }
}
