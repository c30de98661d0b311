package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.fakes.FakeBundleWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The manifest's record invariants, checked against what the fake writer really holds. */
final class BundleAssertions {
    private BundleAssertions() {
    }

    static Manifest finishedManifest(CaptureOutcome outcome) {
        assertThat(outcome).isInstanceOf(CaptureOutcome.Finished.class);
        return ((CaptureOutcome.Finished) outcome).manifest();
    }

    static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }

    static CaptureRecord record(CapturesFile captures, String kind) {
        return captures.stillRecords().stream().filter(r -> r.kind().equals(kind)).findFirst().orElseThrow();
    }

    static void assertRecordInvariants(Manifest manifest, FakeBundleWriter writer) {
        assertThat(manifest.schemaVersion()).isEqualTo(1);
        assertThat(manifest.video()).isNull();
        assertThat(manifest.artifacts()).extracting(Artifact::kind)
                .containsExactly(ArtifactKind.SCREENSHOT, ArtifactKind.HIERARCHY, ArtifactKind.CAPTURE_ENVELOPES);
        assertThat(Instant.parse(manifest.startedAt())).isBeforeOrEqualTo(Instant.parse(manifest.finishedAt()));

        // errors = every artifact error, in artifact order, then the metadata errors.
        List<BundleError> artifactErrors = manifest.artifacts().stream().map(Artifact::error).filter(Objects::nonNull).toList();
        assertThat(manifest.errors().subList(0, artifactErrors.size())).isEqualTo(artifactErrors);
        List<BundleError> metadataErrors = manifest.errors().subList(artifactErrors.size(), manifest.errors().size());
        assertThat(metadataErrors).allSatisfy(error -> {
            assertThat(error.stage()).isEqualTo("metadata");
            assertThat(error.component()).isIn(java.util.Arrays.stream(
                    com.androperator.evidence.domain.policy.MetadataField.values()).map(f -> f.component()).toList());
            // The reference's vocabulary: the specific reason is only in the message.
            assertThat(error.code()).isIn(ErrorCodes.EVIDENCE_CAPTURE_FAILED, ErrorCodes.COMMAND_TIMEOUT,
                    ErrorCodes.COMMAND_CANCELLED);
        });
        assertThat(manifest.artifacts().get(0).error()).satisfiesAnyOf(error -> assertThat(error).isNull(), error -> {
            assertThat(error.code()).isIn(ErrorCodes.EVIDENCE_CAPTURE_FAILED, ErrorCodes.COMMAND_TIMEOUT,
                    ErrorCodes.COMMAND_CANCELLED, ErrorCodes.STORAGE_FAILED);
            assertThat(error.stage()).isIn("capture", "persistence");
        });

        // The status table, re-derived from the spec's sentences.
        ArtifactStatus screenshot = manifest.artifacts().get(0).status();
        ArtifactStatus hierarchy = manifest.artifacts().get(1).status();
        boolean anyUsable = screenshot == ArtifactStatus.COMPLETE || hierarchy == ArtifactStatus.COMPLETE;
        boolean everything = screenshot == ArtifactStatus.COMPLETE && hierarchy == ArtifactStatus.COMPLETE
                && metadataErrors.isEmpty() && manifest.artifacts().get(2).status() == ArtifactStatus.COMPLETE;
        assertThat(manifest.status()).isEqualTo(everything ? BundleStatus.COMPLETE
                : anyUsable ? BundleStatus.PARTIAL : BundleStatus.FAILED);

        // Every artifact error names its artifact as its component.
        assertThat(manifest.artifacts()).filteredOn(a -> a.error() != null)
                .allSatisfy(a -> assertThat(a.error().component()).isEqualTo(a.kind().wire()));
        // No file in the bundle goes unlisted, and the manifest never lists (or hashes) itself.
        assertThat(writer.files().keySet()).filteredOn(name -> !name.equals("manifest.json"))
                .as("files in the bundle besides manifest.json are exactly the listed ones")
                .containsExactlyInAnyOrderElementsOf(manifest.artifacts().stream().map(Artifact::path)
                        .filter(Objects::nonNull).toList());

        for (Artifact artifact : manifest.artifacts()) {
            assertThat(Instant.parse(artifact.startedAt())).isBeforeOrEqualTo(Instant.parse(artifact.finishedAt()));
            assertThat(artifact.durationMs()).isGreaterThanOrEqualTo(0);
            if (artifact.path() != null) {
                byte[] file = writer.files().get(artifact.path());
                assertThat(file).as("file behind %s", artifact.path()).isNotNull();
                assertThat(artifact.bytes()).isEqualTo(file.length);
                assertThat(artifact.sha256()).isEqualTo(FakeBundleWriter.sha256(file));
                assertThat(artifact.path().contains(".partial.")).isEqualTo(artifact.status() == ArtifactStatus.PARTIAL);
            }
            assertThat(artifact.path()).isNotEqualTo("manifest.json");
        }
        Artifact shot = manifest.artifacts().get(0);
        assertThat(shot.image() != null).isEqualTo(shot.status() == ArtifactStatus.COMPLETE);
        assertThat(shot.mimeType()).isEqualTo("image/png");
        assertThat(shot.commandId()).isEqualTo(manifest.evidenceId() + "-screenshot");
        assertThat(shot.taskId()).isEqualTo(manifest.evidenceId());
        Artifact xml = manifest.artifacts().get(1);
        assertThat(xml.mimeType()).isEqualTo("application/xml");
        assertThat(xml.commandId()).isEqualTo(manifest.evidenceId() + "-hierarchy");
        assertThat(xml.taskId()).isEqualTo(manifest.evidenceId());
        Artifact envelopes = manifest.artifacts().get(2);
        assertThat(envelopes.mimeType()).isEqualTo("application/json");
        assertThat(envelopes.path()).isIn("captures.json", "captures.partial.json", null);

        CapturesFile captures = writer.captures();
        assertThat(captures != null).isEqualTo(envelopes.status() == ArtifactStatus.COMPLETE);
        if (captures != null) {
            assertThat(captures.stillRecords()).extracting(CaptureRecord::taskId).containsOnly(manifest.evidenceId());
            // A metadata record exists exactly when the caller cancelled a metadata read.
            boolean metadataCancelled = manifest.errors().stream().anyMatch(e -> e.stage().equals("metadata")
                    && e.code().equals("COMMAND_CANCELLED"));
            assertThat(captures.stillRecords()).extracting(CaptureRecord::kind).containsExactlyElementsOf(metadataCancelled
                    ? List.of("screenshot", "hierarchy", "metadata") : List.of("screenshot", "hierarchy"));
            List<Artifact> captured = new ArrayList<>(manifest.artifacts().subList(0, 2));
            for (int i = 0; i < 2; i++) {
                CaptureRecord record = captures.stillRecords().get(i);
                assertThat(record.artifactPath()).isEqualTo(captured.get(i).path());
                assertThat(record.commandId()).isEqualTo(captured.get(i).commandId());
                assertThat(record.taskId()).isEqualTo(captured.get(i).taskId());
                assertThat(record.startedAt()).isEqualTo(captured.get(i).startedAt());
                assertThat(record.durationMs()).isEqualTo(captured.get(i).durationMs());
                if (!Boolean.TRUE.equals(record.result().asMap().get("ok"))) {
                    assertThat(record.errorCode()).isEqualTo(captured.get(i).error().code());
                }
                String file = i == 0 ? "screenshot" : "hierarchy";
                assertThat(record.persistence() != null).as("persistence timing exactly when %s was written", file)
                        .isEqualTo(writer.operations().stream().anyMatch(op -> op.contains(file)));
            }
            assertThat(captures.stillRecords().get(0).source()).isEqualTo("adb_screencap");
            assertThat(captures.stillRecords().get(0).result().asMap()).containsKey("ok");
            assertThat(captures.stillRecords().get(1).source()).isEqualTo("operator");
            String json = new String(writer.files().get("captures.json"), StandardCharsets.UTF_8);
            assertThat(json).as("no base64 media").doesNotContain("iVBORw0KGgo").doesNotContain("base64");
        }
    }
}
