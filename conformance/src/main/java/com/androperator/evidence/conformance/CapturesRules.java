package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.Timing;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A complete captures.json (a partial one is retained as written and may be cut short, so it is not
 * read): its schema and record, the manifest's evidenceId, no embedded base64 media, each record's
 * timing and correlation with its artifact, the screenshot's host receipt, a record for each still
 * capture, and the hierarchy file equal to the Operator envelope's snapshot text
 * ({@link EnvelopeText}).
 */
final class CapturesRules implements BundleRule {
    /** Base64 openings of PNG, MP4 (ftyp box) and Matroska signatures: media that must not be embedded. */
    private static final List<String> EMBEDDED_MEDIA_PREFIXES = List.of("iVBORw0KGgo", "AAAAGGZ0eXA", "AAAAHGZ0eXA",
            "AAAAIGZ0eXA", "GkXfo", "data:image/", "data:video/");

    @Override
    public void check(Verification v) {
        Manifest manifest = v.manifest;
        if (manifest == null) {
            return;
        }
        Artifact envelopes = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.CAPTURE_ENVELOPES)
                .reduce((first, second) -> second).orElse(null);
        if (envelopes == null || envelopes.status() != ArtifactStatus.COMPLETE || envelopes.path() == null) {
            return;
        }
        String file = envelopes.path();
        Verification.FileFacts facts = v.facts.get(file);
        JsonNode tree = facts == null ? null : facts.json();
        if (tree == null) {
            return;
        }
        for (ContractSchemas.Violation violation : ContractSchemas.validate(ContractSchemas.Document.CAPTURES, tree)) {
            v.add("SCHEMA", Pointers.at(file, violation.pointer()), violation.message());
        }
        checkNoEmbeddedMedia(v, file, "", tree);
        CapturesFile captures;
        try {
            captures = ContractJson.mapper().treeToValue(tree, CapturesFile.class);
        } catch (JacksonException | IllegalArgumentException e) {
            v.add("SCHEMA", file, "captures.json does not satisfy the contract record: " + Verification.rootMessage(e));
            return;
        }
        if (!captures.evidenceId().equals(manifest.evidenceId())) {
            v.add("EVIDENCE_ID_MISMATCH", file + "#/evidenceId", "captures.json has evidenceId "
                    + captures.evidenceId() + " but the manifest has " + manifest.evidenceId());
        }
        Set<String> listedPaths = new HashSet<>();
        manifest.artifacts().forEach(a -> {
            if (a.path() != null) {
                listedPaths.add(a.path());
            }
        });
        for (int i = 0; i < captures.captures().size(); i++) {
            checkRecord(v, manifest, file + "#/captures/" + i, captures.captures().get(i), listedPaths);
        }
        if (manifest.video() == null) {
            // captures.json holds the host screenshot receipt and the Operator's hierarchy result.
            for (ArtifactKind kind : BundleShape.STILL_CAPTURES) {
                boolean captured = manifest.artifacts().stream().anyMatch(a -> a.kind() == kind);
                if (captured && captures.captures().stream().noneMatch(r -> BundleShape.kindOf(r.kind()) == kind)) {
                    v.add("CAPTURE_RECORD_MISSING", file + "#/captures", "captures.json has no " + kind.wire()
                            + " record for the manifest's " + kind.wire() + " artifact");
                }
            }
        }
        checkHierarchyEqualsEnvelope(v, manifest, file, captures);
    }

    private static void checkRecord(Verification v, Manifest manifest, String pointer, CaptureRecord record,
                                    Set<String> listedPaths) {
        checkTiming(v, pointer + "/observation", record.observation());
        checkTiming(v, pointer + "/persistence", record.persistence());
        if (record.artifactPath() != null && !listedPaths.contains(record.artifactPath())) {
            v.add("CORRELATION_MISMATCH", pointer + "/artifactPath",
                    record.artifactPath() + " is not an artifact listed in the manifest");
        }
        ArtifactKind kind = BundleShape.kindOf(record.kind());
        if (kind != ArtifactKind.SCREENSHOT && kind != ArtifactKind.HIERARCHY) {
            return;
        }
        if (kind == ArtifactKind.SCREENSHOT && !"adb_screencap".equals(record.source())) {
            v.add("CAPTURE_SOURCE", pointer + "/source",
                    "the screenshot record's source is adb_screencap (a host receipt), not " + record.source());
        }
        if (kind == ArtifactKind.SCREENSHOT && !(record.result() != null && record.result().get("ok") instanceof Boolean)) {
            v.add("CAPTURE_SOURCE", pointer + "/result",
                    "the screenshot record's result is the host transport receipt, whose ok (transport completion)"
                            + " is true or false");
        }
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            if (artifact.kind() != kind) {
                continue;
            }
            if (!Objects.equals(artifact.commandId(), record.commandId())
                    || !Objects.equals(artifact.taskId(), record.taskId())) {
                v.add("CORRELATION_MISMATCH", pointer, "the " + kind.wire() + " record has commandId/taskId "
                        + record.commandId() + "/" + record.taskId() + " but manifest artifact " + i + " has "
                        + artifact.commandId() + "/" + artifact.taskId());
            }
            if (!Objects.equals(artifact.path(), record.artifactPath())) {
                v.add("CORRELATION_MISMATCH", pointer + "/artifactPath", "the " + kind.wire() + " record names "
                        + record.artifactPath() + " but manifest artifact " + i + " is " + artifact.path());
            }
        }
    }

    private static void checkTiming(Verification v, String pointer, Timing timing) {
        if (timing != null) {
            v.checkOrder(pointer, timing.startedAt(), timing.finishedAt());
        }
    }

    /**
     * hierarchy.xml is the envelope's snapshot text (or, without one, the text logged for the
     * command as the record's details.loggedHierarchy), byte for byte; a retained
     * hierarchy.partial.xml is that text or, when storage cut it short, a prefix of it.
     */
    private static void checkHierarchyEqualsEnvelope(Verification v, Manifest manifest, String capturesFile,
                                                     CapturesFile captures) {
        String text = null;
        boolean envelopeFound = false;
        for (CaptureRecord record : captures.captures()) {
            if (BundleShape.kindOf(record.kind()) == ArtifactKind.HIERARCHY && record.result() != null) {
                envelopeFound = true;
                text = EnvelopeText.snapshotText(record.result());
                if (text == null && record.details() != null && "logcat".equals(record.details().get("hierarchySource"))
                        && record.details().get("loggedHierarchy") instanceof String logged) {
                    // An Operator before Clawperator 0.12.3 logs the XML as tagged records: the record keeps that text.
                    text = logged;
                }
            }
        }
        for (Artifact artifact : manifest.artifacts()) {
            if (artifact.kind() != ArtifactKind.HIERARCHY || artifact.path() == null
                    || !v.facts.containsKey(artifact.path())) {
                continue;
            }
            boolean partial = artifact.status() == ArtifactStatus.PARTIAL;
            if (text == null) {
                if (artifact.status() == ArtifactStatus.COMPLETE) {
                    v.add("ENVELOPE_MISMATCH", artifact.path(), "the complete hierarchy has no Operator envelope text in "
                            + capturesFile + (envelopeFound ? " (no snapshot step data.text)" : " (no hierarchy result)"));
                }
                continue;
            }
            EnvelopeText.Comparison comparison;
            try (InputStream file = v.files.open(artifact.path())) {
                comparison = EnvelopeText.compare(file, text, partial);
            } catch (IOException e) {
                v.add("UNREADABLE_FILE", artifact.path(), artifact.path() + " cannot be read: " + e.getMessage());
                continue;
            }
            if (!comparison.matches()) {
                v.add("ENVELOPE_MISMATCH", artifact.path(), artifact.path() + " (sha256 "
                        + v.facts.get(artifact.path()).sha256() + ") differs from the envelope's snapshot text in "
                        + capturesFile + " (sha256 " + comparison.textSha256() + ")"
                        + (partial ? "; a partial file keeps a prefix of it" : ""));
            }
        }
    }

    private static void checkNoEmbeddedMedia(Verification v, String file, String pointer, JsonNode node) {
        if (node.isString()) {
            String value = node.stringValue();
            for (String prefix : EMBEDDED_MEDIA_PREFIXES) {
                if (value.startsWith(prefix)) {
                    v.add("EMBEDDED_MEDIA", file + "#" + pointer, "base64 media is never embedded in " + file);
                    return;
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                checkNoEmbeddedMedia(v, file, pointer + "/" + i, node.get(i));
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                checkNoEmbeddedMedia(v, file, pointer + "/" + Pointers.escape(property.getKey()), property.getValue());
            }
        }
    }
}
