package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.artifact;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeBundleWriter;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.StepResult;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A hierarchy the gateway spooled (a {@link StreamedString}, as for a large snapshot) is written
 * to hierarchy.xml as the verifier reads it, streamed into captures.json, and its spool is released
 * only once captures.json holds it.
 */
class SpooledHierarchyTest {
    private static final String DIR = "/absolute/new/bundle";

    /** A spooled text that records when it is read and when its spool is released. */
    private static final class Spool extends StreamedString {
        private final byte[] utf8;
        private final List<String> events;

        Spool(String text, List<String> events) {
            this.utf8 = text.getBytes(StandardCharsets.UTF_8);
            this.events = events;
        }

        @Override
        public long utf8Length() {
            return utf8.length;
        }

        @Override
        public InputStream openUtf8() {
            if (events.contains("released")) {
                throw new IllegalStateException("read after its spool was released");
            }
            events.add("read");
            return new ByteArrayInputStream(utf8);
        }
    }

    @Test
    void aSpooledHierarchyIsWrittenOnceVerifiedAndReleasedOnlyAfterCapturesJson() {
        List<String> events = new ArrayList<>();
        Spool spool = new Spool(FakeOperator.HIERARCHY_XML, events);
        CaptureRig rig = new CaptureRig();
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> {
            OperatorOutcome.Answered plain = FakeOperator.answered(command, "success",
                    List.of(new StepResult("snap", FakeOperator.SNAPSHOT, true, Map.of("operator_overlay_visible", "false"),
                            Map.of("text", spool))), null, null);
            @SuppressWarnings("unchecked")
            Map<String, Object> data = (Map<String, Object>) ((List<Map<String, Object>>) plain.original()
                    .get("stepResults")).get(0).get("data");
            data.put("text", spool);
            return new OperatorOutcome.Answered(plain.envelope(), plain.original(), plain.readerDiagnostics(),
                    () -> events.add("released"));
        });

        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));

        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
        FakeBundleWriter writer = rig.store().onlyWriter();
        assertThat(writer.files().get("hierarchy.xml")).isEqualTo(FakeOperator.HIERARCHY_XML.getBytes(StandardCharsets.UTF_8));
        // Read once for hierarchy.xml (parsed as written), once into captures.json; then released, once.
        assertThat(events).containsExactly("read", "read", "released");
        Map<String, Object> result = ContractJson.read(writer.files().get("captures.json"), CapturesFile.class)
                .stillRecords().get(1).envelope();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = (List<Map<String, Object>>) result.get("stepResults");
        assertThat(steps.get(0).get("data")).isEqualTo(Map.of("operator_overlay_visible", "false",
                "text", FakeOperator.HIERARCHY_XML));
    }
}
