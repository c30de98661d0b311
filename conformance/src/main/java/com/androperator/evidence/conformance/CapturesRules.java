package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.contracts.VideoCaptureRecord;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A complete captures.json (a partial one is retained as written and may be cut short, so it is not
 * read): its schema and record (an array of records, the reference's shape), no embedded base64
 * media, each record's timing and correlation with its artifact (this tool's artifactPath only when
 * a record carries it), the screenshot's host receipt, a record for each still capture (a video
 * record for a video bundle), each file a record names listed, and the hierarchy file equal to the
 * Operator envelope's snapshot text ({@link EnvelopeText}).
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
        Set<String> listedPaths = new HashSet<>();
        manifest.artifacts().forEach(a -> {
            if (a.path() != null) {
                listedPaths.add(a.path());
            }
        });
        for (int i = 0; i < captures.records().size(); i++) {
            String pointer = file + "#/" + i;
            if (captures.records().get(i) instanceof CaptureRecord record) {
                checkRecord(v, manifest, pointer, record, listedPaths);
            } else if (captures.records().get(i) instanceof VideoCaptureRecord video) {
                checkVideoRecord(v, pointer, video, listedPaths);
            }
        }
        if (manifest.video() == null) {
            // captures.json holds the host screenshot receipt and the Operator's hierarchy result.
            for (ArtifactKind kind : BundleShape.STILL_CAPTURES) {
                boolean captured = manifest.artifacts().stream().anyMatch(a -> a.kind() == kind);
                if (captured && captures.stillRecords().stream().noneMatch(r -> BundleShape.kindOf(r.kind()) == kind)) {
                    v.add("CAPTURE_RECORD_MISSING", file, "captures.json has no " + kind.wire()
                            + " record for the manifest's " + kind.wire() + " artifact");
                }
            }
        } else if (captures.videoRecords().isEmpty()) {
            v.add("CAPTURE_RECORD_MISSING", file, "captures.json has no video record (the host recorder receipt)");
        }
        checkHierarchyEqualsEnvelope(v, manifest, file, captures);
    }

    private static void checkRecord(Verification v, Manifest manifest, String pointer, CaptureRecord record,
                                    Set<String> listedPaths) {
        v.checkOrder(pointer, record.startedAt(), record.finishedAt());
        checkTiming(v, pointer + "/observation", record.observation());
        checkTiming(v, pointer + "/persistence", record.persistence());
        checkListed(v, pointer + "/artifactPath", record.artifactPath(), listedPaths);
        ArtifactKind kind = BundleShape.kindOf(record.kind());
        if (kind != ArtifactKind.SCREENSHOT && kind != ArtifactKind.HIERARCHY) {
            return;
        }
        if (kind == ArtifactKind.SCREENSHOT && !"adb_screencap".equals(record.source())) {
            v.add("CAPTURE_SOURCE", pointer + "/source",
                    "the screenshot record's source is adb_screencap (a host receipt), not " + record.source());
        }
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            if (artifact.kind() != kind) {
                continue;
            }
            if ((artifact.commandId() != null && !artifact.commandId().equals(record.commandId()))
                    || (artifact.taskId() != null && !artifact.taskId().equals(record.taskId()))) {
                v.add("CORRELATION_MISMATCH", pointer, "the " + kind.wire() + " record has commandId/taskId "
                        + record.commandId() + "/" + record.taskId() + " but manifest artifact " + i + " has "
                        + artifact.commandId() + "/" + artifact.taskId());
            }
            // artifactPath is this tool's addition: when a record names its file, it is the artifact's.
            if (record.artifactPath() != null && !record.artifactPath().equals(artifact.path())) {
                v.add("CORRELATION_MISMATCH", pointer + "/artifactPath", "the " + kind.wire() + " record names "
                        + record.artifactPath() + " but manifest artifact " + i + " is " + artifact.path());
            }
        }
    }

    /** The recorder receipt: its timing in order, and each file it names listed in the manifest. */
    private static void checkVideoRecord(Verification v, String pointer, VideoCaptureRecord record,
                                         Set<String> listedPaths) {
        checkTiming(v, pointer + "/observation", record.observation());
        checkTiming(v, pointer + "/persistence", record.persistence());
        checkListed(v, pointer + "/artifactPath", record.artifactPath(), listedPaths);
        for (int i = 0; i < record.segments().size(); i++) {
            checkListed(v, pointer + "/segments/" + i + "/path", record.segments().get(i).path(), listedPaths);
        }
    }

    private static void checkListed(Verification v, String pointer, String path, Set<String> listedPaths) {
        if (path != null && !listedPaths.contains(path)) {
            v.add("CORRELATION_MISMATCH", pointer, path + " is not an artifact listed in the manifest");
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
        for (CaptureRecord record : captures.stillRecords()) {
            // The Operator's envelope as received: the ok result's, or beside a failure's error.
            if (BundleShape.kindOf(record.kind()) == ArtifactKind.HIERARCHY
                    && record.result().asMap().get("envelope") instanceof Map<?, ?> envelope) {
                envelopeFound = true;
                text = EnvelopeText.snapshotText(stringKeyed(envelope));
                if (text == null && record.details() != null && "logcat".equals(record.details().asMap().get("hierarchySource"))
                        && record.details().asMap().get("loggedHierarchy") instanceof String logged) {
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

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stringKeyed(Map<?, ?> envelope) {
        return (Map<String, Object>) envelope;
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
