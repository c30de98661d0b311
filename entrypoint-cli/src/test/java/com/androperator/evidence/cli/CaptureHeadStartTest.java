package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The capture process's head start sets up SHA-256 and writes a sample of every document a capture writes. */
class CaptureHeadStartTest {
    @Test
    void everyDocumentACaptureWritesHasASampleWritten() {
        assertThat(CaptureHeadStart.writeSamples()).containsExactly(CapturesFile.class, Manifest.class, CommandResult.class);
    }

    @Test
    void theDigestIsSetUp() {
        assertThat(CaptureHeadStart.prepareDigest()).isTrue();
    }

    @Test
    void theSamplesHaveTheShapesOfACompleteStillCapture() {
        String captures = new String(ContractJson.toPrettyBytes(CaptureHeadStart.captures()), StandardCharsets.UTF_8);
        assertThat(captures).contains("\"kind\" : \"screenshot\"", "\"kind\" : \"hierarchy\"", "\"envelope\" : {",
                "\"loggedHierarchy\" : {", "\"exitStatus\" : null");
        String manifest = new String(ContractJson.toPrettyBytes(CaptureHeadStart.manifest()), StandardCharsets.UTF_8);
        assertThat(manifest).contains("\"status\" : \"complete\"", "\"image\" : {", "\"capture_envelopes\"");
        assertThat(new String(ContractJson.toBytes(CaptureHeadStart.result()), StandardCharsets.UTF_8))
                .startsWith("{\"ok\":true,\"status\":\"complete\"");
    }
}
