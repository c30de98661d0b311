package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** reference-compat section 2, row by row: the specific reason, the component, the reported code and stage. */
class ErrorVocabularyTest {

    @ParameterizedTest(name = "{1} on {0} -> {2}/{3}")
    @CsvSource({
            "screenshot, SCREENSHOT_INVALID, EVIDENCE_CAPTURE_FAILED, capture, screenshot",
            "screenshot, SCREENSHOT_FAILED, EVIDENCE_CAPTURE_FAILED, capture, screenshot",
            "screenshot, DISPLAY_SELECTION_FAILED, EVIDENCE_CAPTURE_FAILED, capture, screenshot",
            "screenshot, COMMAND_TIMEOUT, COMMAND_TIMEOUT, capture, screenshot",
            "screenshot, COMMAND_CANCELLED, COMMAND_CANCELLED, capture, screenshot",
            "screenshot, STORAGE_FAILED, STORAGE_FAILED, persistence, persistence",
            "hierarchy, HIERARCHY_INVALID, SNAPSHOT_EXTRACTION_FAILED, capture, verification",
            "hierarchy, SNAPSHOT_STEP_MISSING, SNAPSHOT_EXTRACTION_FAILED, capture, hierarchy",
            "hierarchy, BROADCAST_FAILED, DEVICE_SHELL_UNAVAILABLE, capture, hierarchy",
            "hierarchy, RESULT_ENVELOPE_MALFORMED, RESULT_ENVELOPE_MALFORMED, capture, hierarchy",
            "hierarchy, RESULT_TRANSPORT_EXITED, RESULT_TRANSPORT_EXITED, capture, hierarchy",
            "hierarchy, RESULT_ENVELOPE_TIMEOUT, RESULT_ENVELOPE_TIMEOUT, capture, hierarchy",
            "hierarchy, OPERATOR_NOT_INSTALLED, OPERATOR_NOT_INSTALLED, capture, hierarchy",
            "hierarchy, DEVICE_NOT_INTERACTIVE, DEVICE_NOT_INTERACTIVE, capture, hierarchy",
            "hierarchy, SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE, capture, hierarchy",
            "hierarchy, COMMAND_TIMEOUT, COMMAND_TIMEOUT, capture, hierarchy",
            "capture_envelopes, STORAGE_FAILED, STORAGE_FAILED, persistence, persistence"})
    void eachReasonIsReportedWithTheReferenceCode(String component, String reason, String code, String stage,
                                                  String givenStage) {
        BundleError specific = new BundleError(reason, givenStage, "what happened", component);
        BundleError reported = ErrorVocabulary.reported(specific);
        assertThat(reported.code()).isEqualTo(code);
        assertThat(reported.stage()).isEqualTo(stage);
        assertThat(reported.component()).isEqualTo(component);
        if (code.equals(reason)) {
            assertThat(reported.message()).isEqualTo("what happened");
            assertThat(ErrorVocabulary.reason(specific)).isEmpty();
        } else {
            assertThat(reported.message()).isEqualTo("what happened (" + reason + ")");
            assertThat(ErrorVocabulary.reason(specific)).contains(reason);
        }
    }

    @ParameterizedTest
    @CsvSource({"METADATA_UNAVAILABLE, EVIDENCE_CAPTURE_FAILED", "DEVICE_TYPE_UNKNOWN, EVIDENCE_CAPTURE_FAILED",
            "OPERATOR_NOT_INSTALLED, EVIDENCE_CAPTURE_FAILED", "DEVICE_OFFLINE, EVIDENCE_CAPTURE_FAILED",
            "COMMAND_TIMEOUT, COMMAND_TIMEOUT", "COMMAND_CANCELLED, COMMAND_CANCELLED"})
    void everyMetadataFieldFailureIsCaptureFailedButTimeoutsAndCancellations(String reason, String code) {
        BundleError error = MetadataField.DISPLAY_SIZE.error(reason, "wm size: no answer");
        assertThat(error.code()).isEqualTo(code);
        assertThat(error.stage()).isEqualTo("metadata");
        assertThat(error.component()).isEqualTo("display.size");
        assertThat(error.message()).isEqualTo(code.equals(reason) ? "wm size: no answer"
                : "wm size: no answer (" + reason + ")");
        assertThat(ErrorCodes.EVIDENCE_CAPTURE_FAILED).isNotEqualTo(reason);
    }
}
