package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The reference's readers see a specific reason at the end of the message; the contracts word it once. */
class BundleErrorReasonTest {

    @Test
    void aReasonOtherThanTheCodeEndsTheMessage() {
        BundleError error = BundleError.reported(ErrorCodes.EVIDENCE_CAPTURE_FAILED, "capture", "not a PNG",
                "screenshot", ErrorCodes.SCREENSHOT_INVALID);

        assertThat(error.message()).isEqualTo("not a PNG (SCREENSHOT_INVALID)");
        assertThat(new String(ContractJson.toBytes(error), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("{\"code\":\"EVIDENCE_CAPTURE_FAILED\",\"stage\":\"capture\","
                        + "\"message\":\"not a PNG (SCREENSHOT_INVALID)\",\"component\":\"screenshot\"}");
    }

    @Test
    void theCodeItselfOrNoReasonLeavesTheMessageAsItIs() {
        assertThat(BundleError.reported(ErrorCodes.COMMAND_TIMEOUT, "capture", "budget spent", "screenshot",
                ErrorCodes.COMMAND_TIMEOUT).message()).isEqualTo("budget spent");
        assertThat(BundleError.reported(ErrorCodes.COMMAND_TIMEOUT, "capture", "budget spent", null, null).message())
                .isEqualTo("budget spent");
    }
}
