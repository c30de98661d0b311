package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.artifact;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.RawJson;
import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeBundleWriter;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorEnvelope;
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
 * to hierarchy.xml as the verifier reads it; the envelope around it, spooled too (a {@link RawJson}),
 * is streamed into captures.json; and their spool is released only once captures.json holds them.
 */
class SpooledHierarchyTest {
    private static final String DIR = "/absolute/new/bundle";

    /** Bytes of the gateway's spool: each read is recorded as {@code event}; none is allowed once the spool is released. */
    private record Recorded(byte[] utf8, String event, List<String> events) {
        InputStream open() {
            if (events.contains("released")) {
                throw new IllegalStateException("read after its spool was released");
            }
            events.add(event);
            return new ByteArrayInputStream(utf8);
        }
    }

    /** The spooled hierarchy text. */
    private static final class Spool extends StreamedString {
        private final Recorded bytes;

        Spool(String text, List<String> events) {
            this.bytes = new Recorded(text.getBytes(StandardCharsets.UTF_8), "read", events);
        }

        @Override
        public long utf8Length() {
            return bytes.utf8().length;
        }

        @Override
        public InputStream openUtf8() {
            return bytes.open();
        }
    }

    /** The envelope's bytes, in the same spool. */
    private static final class SpooledEnvelope extends RawJson {
        private final Recorded bytes;

        SpooledEnvelope(RawJson envelope, List<String> events) {
            this.bytes = new Recorded(envelope.readString().getBytes(StandardCharsets.UTF_8), "envelope read", events);
        }

        @Override
        public long utf8Length() {
            return bytes.utf8().length;
        }

        @Override
        public InputStream openUtf8() {
            return bytes.open();
        }
    }

    @Test
    void aSpooledHierarchyIsWrittenOnceVerifiedAndReleasedOnlyAfterCapturesJson() {
        List<String> events = new ArrayList<>();
        Spool spool = new Spool(FakeOperator.HIERARCHY_XML, events);
        CaptureRig rig = new CaptureRig();
        rig.operator().on(FakeOperator.SNAPSHOT, (command, deadline, clock) -> {
            // The envelope as printed, its data.text a string; the typed step's text the spool, as the gateway hands it.
            OperatorOutcome.Answered plain = FakeOperator.answered(command, "success",
                    List.of(new FakeOperator.Step("snap", FakeOperator.SNAPSHOT, true, Map.of("operator_overlay_visible",
                            "false", "text", FakeOperator.HIERARCHY_XML))), null, null);
            OperatorEnvelope envelope = new OperatorEnvelope(command.commandId(), command.taskId(), "success",
                    List.of(new StepResult("snap", FakeOperator.SNAPSHOT, true, spool)), null, null);
            return new OperatorOutcome.Answered(envelope, new SpooledEnvelope(plain.original(), events),
                    plain.readerDiagnostics(), () -> events.add("released"));
        });

        Manifest manifest = finishedManifest(rig.capture(CaptureRig.request(DIR)));

        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
        FakeBundleWriter writer = rig.store().onlyWriter();
        assertThat(writer.files().get("hierarchy.xml")).isEqualTo(FakeOperator.HIERARCHY_XML.getBytes(StandardCharsets.UTF_8));
        // The text read once for hierarchy.xml (parsed as written); the envelope into captures.json (and its first
        // byte by the record's check that it is an object); then released, once, last.
        assertThat(events).startsWith("read").endsWith("envelope read", "released").containsOnlyOnce("read", "released");
        Map<String, Object> result = ContractJson.read(writer.files().get("captures.json"), CapturesFile.class)
                .stillRecords().get(1).envelope();
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = (List<Map<String, Object>>) result.get("stepResults");
        assertThat(steps.get(0).get("data")).isEqualTo(Map.of("operator_overlay_visible", "false",
                "text", FakeOperator.HIERARCHY_XML));
    }
}
