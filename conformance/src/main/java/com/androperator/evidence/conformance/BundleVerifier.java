package com.androperator.evidence.conformance;

import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.adapters.media.XmlHierarchyVerifier;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Verifies a bundle directory against the evidence-bundle contract: the manifest and captures.json
 * against their JSON Schemas, and every invariant a schema cannot express: files present with
 * their listed size and hash, nothing unlisted, .partial. names exactly on partial artifacts,
 * status consistent with artifacts and errors, verified PNG geometry, well-formed hierarchy equal
 * to the Operator envelope's text, correlation ids, times in order and private file modes.
 *
 * <p>Stateless and thread-safe. It reads the bundle and never modifies it.
 */
public final class BundleVerifier {
    static final String MANIFEST = "manifest.json";
    static final String CAPTURES = "captures.json";
    static final String CAPTURES_PARTIAL = "captures.partial.json";
    static final String SESSION = "session.json";
    static final String CONTROL = "control";
    private static final String PARTIAL_MARK = ".partial.";
    private static final int MAX_CONTEXT_BYTES = 16 * 1024;
    /** Files read whole for content checks (PNG, XML, captures); larger ones are only hashed. */
    private static final long MAX_CONTENT_BYTES = 256L * 1024 * 1024;
    private static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    /** Base64 openings of PNG, MP4 (ftyp box) and Matroska signatures: media that must not be embedded. */
    private static final List<String> EMBEDDED_MEDIA_PREFIXES = List.of("iVBORw0KGgo", "AAAAGGZ0eXA", "AAAAHGZ0eXA",
            "AAAAIGZ0eXA", "GkXfo", "data:image/", "data:video/");
    private static final String SNAPSHOT_STEP_ID = "snap";
    private static final String SNAPSHOT_ACTION = "snapshot_ui";

    private final boolean requireImageGeometry;

    /** Accepts every bundle the contract allows, including older ones without screenshot geometry. */
    public BundleVerifier() {
        this(false);
    }

    private BundleVerifier(boolean requireImageGeometry) {
        this.requireImageGeometry = requireImageGeometry;
    }

    /**
     * Also requires what the current writer always records: {@code image} geometry on every complete
     * screenshot. Tests of bundle-producing code use this.
     */
    public static BundleVerifier strict() {
        return new BundleVerifier(true);
    }

    public VerificationReport verify(Path bundleDir) {
        Objects.requireNonNull(bundleDir, "bundleDir");
        return new Run(bundleDir.toAbsolutePath().normalize()).verify();
    }

    /** One verification: the problems found so far and what was read. */
    private final class Run {
        private final Path dir;
        private final List<Problem> problems = new ArrayList<>();
        /** Content of listed files small enough to check, by bundle-relative path. */
        private final Map<String, byte[]> contents = new HashMap<>();

        Run(Path dir) {
            this.dir = dir;
        }

        VerificationReport verify() {
            BasicFileAttributes bundle = attributes(dir);
            if (bundle == null || !bundle.isDirectory()) {
                add("MISSING_FILE", ".", "the bundle directory " + dir + " does not exist or is not a directory"
                        + (bundle != null && bundle.isSymbolicLink() ? " (it is a symbolic link)" : ""));
                return VerificationReport.of(problems);
            }
            Manifest manifest = readManifest();
            checkInventory(manifest);
            if (manifest != null) {
                checkManifestInvariants(manifest);
                checkListedFiles(manifest);
                checkStatus(manifest);
                checkDevice(manifest);
                checkImagesAndHierarchy(manifest);
                checkCaptures(manifest);
            }
            return VerificationReport.of(problems);
        }

        // ---- manifest.json ---------------------------------------------------------------

        private Manifest readManifest() {
            JsonNode tree = readJson(MANIFEST);
            if (tree == null) {
                return null;
            }
            for (ContractSchemas.Violation violation : ContractSchemas.validate(ContractSchemas.Document.MANIFEST, tree)) {
                add("SCHEMA", at(MANIFEST, violation.pointer()), violation.message());
            }
            JsonNode label = tree.path("label");
            if (label.isString() && label.stringValue().length() > Manifest.MAX_LABEL_UTF16_UNITS) {
                add("LABEL_TOO_LONG", MANIFEST + "#/label", "the label has " + label.stringValue().length()
                        + " UTF-16 code units; at most " + Manifest.MAX_LABEL_UTF16_UNITS + " are allowed");
            }
            try {
                return ContractJson.mapper().treeToValue(tree, Manifest.class);
            } catch (JacksonException | IllegalArgumentException e) {
                add("SCHEMA", MANIFEST, "the manifest does not satisfy the contract record: " + rootMessage(e));
                return null;
            }
        }

        private void checkManifestInvariants(Manifest manifest) {
            int contextBytes = ContractJson.toBytes(manifest.context()).length;
            if (contextBytes > MAX_CONTEXT_BYTES) {
                add("CONTEXT_TOO_LARGE", MANIFEST + "#/context",
                        "context is " + contextBytes + " bytes of UTF-8 JSON; at most 16 KiB is allowed");
            }
            checkOrder(MANIFEST + "#/startedAt", manifest.startedAt(), manifest.finishedAt());
            for (int i = 0; i < manifest.artifacts().size(); i++) {
                Artifact artifact = manifest.artifacts().get(i);
                checkOrder(MANIFEST + "#/artifacts/" + i, artifact.startedAt(), artifact.finishedAt());
                if (artifact.error() != null && !manifest.errors().contains(artifact.error())) {
                    add("ERROR_NOT_RECORDED", MANIFEST + "#/artifacts/" + i + "/error",
                            "the artifact's error " + artifact.error().code() + " does not appear in errors");
                }
            }
        }

        // ---- files ------------------------------------------------------------------------

        private void checkListedFiles(Manifest manifest) {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < manifest.artifacts().size(); i++) {
                Artifact artifact = manifest.artifacts().get(i);
                String path = artifact.path();
                if (path == null) {
                    continue;
                }
                String pointer = MANIFEST + "#/artifacts/" + i + "/path";
                if (!seen.add(path)) {
                    add("DUPLICATE_PATH", pointer, path + " is listed by more than one artifact");
                }
                if (path.equals(MANIFEST)) {
                    add("MANIFEST_LISTED", pointer, "the manifest never lists or hashes itself");
                    continue;
                }
                if (artifact.status() == ArtifactStatus.PARTIAL && !fileName(path).contains(PARTIAL_MARK)) {
                    add("PARTIAL_NAME", path, "a partial artifact keeps a .partial. name, but is listed as " + path);
                }
                if (artifact.status() != ArtifactStatus.PARTIAL && fileName(path).contains(PARTIAL_MARK)) {
                    add("PARTIAL_NAME", path, "only partial artifacts have .partial. names; this one is "
                            + artifact.status().wire());
                }
                checkFile(path, artifact.bytes(), artifact.sha256(), contentNeeded(artifact.kind()));
            }
        }

        private boolean contentNeeded(ArtifactKind kind) {
            return kind == ArtifactKind.SCREENSHOT || kind == ArtifactKind.HIERARCHY
                    || kind == ArtifactKind.CAPTURE_ENVELOPES;
        }

        private void checkFile(String path, long listedBytes, String listedSha256, boolean keepContent) {
            Path file = dir.resolve(path);
            BasicFileAttributes attributes = attributes(file);
            if (attributes == null) {
                add("MISSING_FILE", path, path + " is listed but does not exist");
                return;
            }
            if (!attributes.isRegularFile()) {
                add("NOT_REGULAR_FILE", path, path + " is listed but is "
                        + (attributes.isSymbolicLink() ? "a symbolic link" : "not a regular file"));
                return;
            }
            MessageDigest digest = sha256();
            long size = 0;
            boolean keep = keepContent && attributes.size() <= MAX_CONTENT_BYTES;
            byte[] content = null;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                if (keep) {
                    content = in.readAllBytes();
                    digest.update(content);
                    size = content.length;
                } else {
                    byte[] buffer = new byte[64 * 1024];
                    for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                        digest.update(buffer, 0, read);
                        size += read;
                    }
                }
            } catch (IOException e) {
                add("UNREADABLE_FILE", path, path + " cannot be read: " + e.getMessage());
                return;
            }
            if (size != listedBytes) {
                add("SIZE_MISMATCH", path, path + " has " + size + " bytes; the manifest lists " + listedBytes);
            }
            String actual = HexFormat.of().formatHex(digest.digest());
            if (!actual.equals(listedSha256)) {
                add("HASH_MISMATCH", path, path + " has sha256 " + actual + "; the manifest lists " + listedSha256);
            }
            if (content != null) {
                contents.put(path, content);
            }
        }

        /**
         * Everything in the bundle is listed (or is manifest.json; for video also session.json and
         * control/), is a regular file or directory, and has a private mode: 0700 / 0600.
         */
        private void checkInventory(Manifest manifest) {
            Set<String> listed = new HashSet<>();
            listed.add(MANIFEST);
            boolean video = manifest != null && manifest.video() != null;
            if (manifest != null) {
                for (Artifact artifact : manifest.artifacts()) {
                    if (artifact.path() != null) {
                        listed.add(artifact.path());
                    }
                }
            }
            if (video) {
                listed.add(SESSION);
            }
            Set<String> listedDirectories = new HashSet<>();
            for (String path : listed) {
                for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                    listedDirectories.add(path.substring(0, slash));
                }
            }
            boolean unknownContent = manifest == null;
            try {
                Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                        String relative = relative(directory);
                        checkMode(relative.isEmpty() ? "." : relative, directory, DIRECTORY_MODE);
                        if (relative.isEmpty()) {
                            return FileVisitResult.CONTINUE;
                        }
                        boolean control = video && (relative.equals(CONTROL) || relative.startsWith(CONTROL + "/"));
                        if (!control && !listedDirectories.contains(relative) && !unknownContent) {
                            add("UNLISTED_FILE", relative, "the directory " + relative + " is not part of the bundle");
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                        String relative = relative(file);
                        boolean control = video && relative.startsWith(CONTROL + "/");
                        if (!control && !listed.contains(relative) && !unknownContent) {
                            add("UNLISTED_FILE", relative, relative + " is in the bundle but not listed in the manifest");
                        }
                        if (attributes.isRegularFile()) {
                            checkMode(relative, file, FILE_MODE);
                        } else if (control || !listed.contains(relative)) {
                            // Listed non-regular entries are reported by the listed-file check.
                            add("NOT_REGULAR_FILE", relative, relative + " is not a regular file"
                                    + (attributes.isSymbolicLink() ? " (a symbolic link)" : ""));
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException failure) {
                        add("UNREADABLE_FILE", relative(file), "cannot inspect " + relative(file) + ": " + failure.getMessage());
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                add("UNREADABLE_FILE", ".", "cannot list the bundle directory: " + e.getMessage());
            }
        }

        private void checkMode(String relative, Path path, Set<PosixFilePermission> expected) {
            if (!dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                return;
            }
            try {
                Set<PosixFilePermission> actual = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
                if (!actual.equals(expected)) {
                    add("MODE", relative, relative + " has mode " + PosixFilePermissions.toString(actual)
                            + "; bundle " + (expected == DIRECTORY_MODE ? "directories are rwx------ (0700)"
                            : "files are rw------- (0600)"));
                }
            } catch (IOException e) {
                add("UNREADABLE_FILE", relative, "cannot read the mode of " + relative + ": " + e.getMessage());
            }
        }

        // ---- status -----------------------------------------------------------------------

        private void checkStatus(Manifest manifest) {
            if (manifest.video() == null) {
                checkStillStatus(manifest);
            } else {
                checkVideoStatus(manifest);
            }
            for (ArtifactKind kind : ArtifactKind.values()) {
                long complete = manifest.artifacts().stream()
                        .filter(a -> a.kind() == kind && a.status() == ArtifactStatus.COMPLETE).count();
                if (complete > 1 && kind != ArtifactKind.VIDEO) {
                    add("DUPLICATE_ARTIFACT", MANIFEST + "#/artifacts",
                            complete + " complete " + kind.wire() + " artifacts; a bundle has at most one");
                }
            }
        }

        private void checkStillStatus(Manifest manifest) {
            for (ArtifactKind required : List.of(ArtifactKind.SCREENSHOT, ArtifactKind.HIERARCHY)) {
                if (manifest.artifacts().stream().noneMatch(a -> a.kind() == required)) {
                    add("ARTIFACT_MISSING", MANIFEST + "#/artifacts",
                            "a still bundle records its " + required.wire() + " attempt, even when it failed");
                }
            }
            for (int i = 0; i < manifest.artifacts().size(); i++) {
                ArtifactKind kind = manifest.artifacts().get(i).kind();
                if (kind != ArtifactKind.SCREENSHOT && kind != ArtifactKind.HIERARCHY
                        && kind != ArtifactKind.CAPTURE_ENVELOPES) {
                    add("STATUS_INCONSISTENT", MANIFEST + "#/artifacts/" + i + "/kind",
                            "a still bundle holds screenshot, hierarchy and capture_envelopes artifacts, not "
                                    + kind.wire());
                }
            }
            boolean screenshot = hasComplete(manifest, ArtifactKind.SCREENSHOT);
            boolean hierarchy = hasComplete(manifest, ArtifactKind.HIERARCHY);
            boolean envelopes = hasComplete(manifest, ArtifactKind.CAPTURE_ENVELOPES);
            BundleStatus expected;
            if (screenshot && hierarchy && envelopes && manifest.errors().isEmpty()) {
                expected = BundleStatus.COMPLETE;
            } else if (!screenshot && !hierarchy) {
                expected = BundleStatus.FAILED;
            } else {
                expected = BundleStatus.PARTIAL;
            }
            if (manifest.status() != expected) {
                add("STATUS_INCONSISTENT", MANIFEST + "#/status", "status is " + manifest.status().wire()
                        + " but the artifacts and errors make it " + expected.wire()
                        + " (screenshot " + (screenshot ? "" : "not ") + "complete, hierarchy "
                        + (hierarchy ? "" : "not ") + "complete, capture_envelopes " + (envelopes ? "" : "not ")
                        + "complete, " + manifest.errors().size() + " errors)");
            }
        }

        private void checkVideoStatus(Manifest manifest) {
            if (manifest.status() != BundleStatus.COMPLETE) {
                return;
            }
            for (int i = 0; i < manifest.artifacts().size(); i++) {
                Artifact artifact = manifest.artifacts().get(i);
                if (artifact.status() != ArtifactStatus.COMPLETE) {
                    add("STATUS_INCONSISTENT", MANIFEST + "#/artifacts/" + i + "/status",
                            "a complete video bundle has every artifact complete; this one is "
                                    + artifact.status().wire());
                }
            }
            if (!hasComplete(manifest, ArtifactKind.VIDEO)) {
                add("STATUS_INCONSISTENT", MANIFEST + "#/status", "a complete video bundle has a complete video clip");
            }
        }

        private boolean hasComplete(Manifest manifest, ArtifactKind kind) {
            return manifest.artifacts().stream().anyMatch(a -> a.kind() == kind && a.status() == ArtifactStatus.COMPLETE);
        }

        // ---- device metadata -------------------------------------------------------------

        private void checkDevice(Manifest manifest) {
            DeviceInfo device = manifest.device();
            List<String> missing = new ArrayList<>();
            if (device.operatorPackage() != null && device.operatorVersion() == null) {
                missing.add("operatorVersion");
            }
            if (device.apiLevel() == null) {
                missing.add("apiLevel");
            }
            if (device.androidVersion() == null) {
                missing.add("androidVersion");
            }
            if (device.manufacturer() == null) {
                missing.add("manufacturer");
            }
            if (device.model() == null) {
                missing.add("model");
            }
            if (device.deviceType() == DeviceType.UNKNOWN) {
                missing.add("deviceType");
            }
            DisplayInfo display = device.display();
            if (display.width() == null || display.height() == null) {
                missing.add("display size");
            }
            if (display.density() == null) {
                missing.add("display.density");
            }
            if (display.rotation() == null) {
                missing.add("display.rotation");
            }
            boolean terminal = manifest.isTerminal();
            if (!missing.isEmpty() && terminal && manifest.errors().isEmpty()) {
                add("METADATA_ERROR_MISSING", MANIFEST + "#/device",
                        "unavailable metadata " + missing + " is null or unknown without an associated error");
            }
            if (!missing.isEmpty() && manifest.status() == BundleStatus.COMPLETE) {
                add("STATUS_INCONSISTENT", MANIFEST + "#/status",
                        "missing metadata " + missing + " makes otherwise usable evidence partial, not complete");
            }
            checkDeviceType(device);
        }

        /**
         * emulator needs a "1" flag; physical needs both flags absent/empty or "0". unknown is not
         * checked against the flags: a malformed getprop inventory is unknown even when the
         * values read around the garbage include a "1" (the spec's "malformed ... inventories ...
         * produce unknown"), and the manifest cannot show that the inventory was malformed.
         */
        private void checkDeviceType(DeviceInfo device) {
            String kernel = device.deviceTypeProperties().roKernelQemu();
            String boot = device.deviceTypeProperties().roBootQemu();
            boolean anyOne = "1".equals(kernel) || "1".equals(boot);
            boolean allZeroOrAbsent = (kernel == null || "0".equals(kernel)) && (boot == null || "0".equals(boot));
            String pointer = MANIFEST + "#/device/deviceType";
            switch (device.deviceType()) {
                case EMULATOR -> {
                    if (!anyOne) {
                        add("DEVICE_TYPE_INCONSISTENT", pointer, "emulator requires ro.kernel.qemu or ro.boot.qemu \"1\"");
                    }
                }
                case PHYSICAL -> {
                    if (!allZeroOrAbsent) {
                        add("DEVICE_TYPE_INCONSISTENT", pointer,
                                "physical requires both emulator flags absent, empty or \"0\"");
                    }
                }
                case UNKNOWN -> {
                    // See above: unknown is also what a malformed inventory gives, whatever its flags.
                }
            }
        }

        // ---- screenshot and hierarchy content --------------------------------------------

        private void checkImagesAndHierarchy(Manifest manifest) {
            for (int i = 0; i < manifest.artifacts().size(); i++) {
                Artifact artifact = manifest.artifacts().get(i);
                if (artifact.status() != ArtifactStatus.COMPLETE) {
                    continue;
                }
                byte[] content = contents.get(artifact.path());
                if (artifact.kind() == ArtifactKind.SCREENSHOT) {
                    checkScreenshot(i, artifact, content);
                } else if (artifact.kind() == ArtifactKind.HIERARCHY && content != null) {
                    if (new XmlHierarchyVerifier().verify(content) instanceof HierarchyVerification.Rejected rejected) {
                        add("XML_INVALID", artifact.path(), "the complete hierarchy is not acceptable XML: " + rejected.reason());
                    }
                }
            }
        }

        private void checkScreenshot(int index, Artifact artifact, byte[] content) {
            ImageGeometry image = artifact.image();
            if (image == null && requireImageGeometry) {
                add("IMAGE_GEOMETRY", MANIFEST + "#/artifacts/" + index,
                        "a complete screenshot records image geometry from the verified PNG");
            }
            if (content == null) {
                return;
            }
            ImageVerification verification = new PngVerifier().verify(content);
            if (verification instanceof ImageVerification.Rejected rejected) {
                add("PNG_INVALID", artifact.path(), "the complete screenshot is not a valid PNG: " + rejected.reason());
            } else if (verification instanceof ImageVerification.Verified verified && image != null
                    && (verified.width() != image.captureWidthPx() || verified.height() != image.captureHeightPx())) {
                add("IMAGE_GEOMETRY", artifact.path(), "the PNG is " + verified.width() + "x" + verified.height()
                        + " but the manifest records " + image.captureWidthPx() + "x" + image.captureHeightPx());
            }
        }

        // ---- captures.json ---------------------------------------------------------------

        private void checkCaptures(Manifest manifest) {
            Artifact envelopes = null;
            for (int i = 0; i < manifest.artifacts().size(); i++) {
                Artifact artifact = manifest.artifacts().get(i);
                String path = artifact.path();
                boolean capturesFile = CAPTURES.equals(path) || CAPTURES_PARTIAL.equals(path);
                if (artifact.kind() == ArtifactKind.CAPTURE_ENVELOPES) {
                    envelopes = artifact;
                    if (path != null && !capturesFile) {
                        add("CAPTURES_LISTING", MANIFEST + "#/artifacts/" + i + "/path",
                                "the capture_envelopes artifact is captures.json (or captures.partial.json), not " + path);
                    }
                } else if (capturesFile) {
                    add("CAPTURES_LISTING", MANIFEST + "#/artifacts/" + i + "/kind",
                            path + " is listed as the capture_envelopes artifact, not as " + artifact.kind().wire());
                }
            }
            // A partial captures file is retained as written and may be cut short: only a complete one is read.
            if (envelopes == null || envelopes.status() != ArtifactStatus.COMPLETE
                    || !contents.containsKey(envelopes.path())) {
                return;
            }
            String file = envelopes.path();
            JsonNode tree = parse(file, contents.get(file));
            if (tree == null) {
                return;
            }
            for (ContractSchemas.Violation violation : ContractSchemas.validate(ContractSchemas.Document.CAPTURES, tree)) {
                add("SCHEMA", at(file, violation.pointer()), violation.message());
            }
            checkNoEmbeddedMedia(file, "", tree);
            CapturesFile captures;
            try {
                captures = ContractJson.mapper().treeToValue(tree, CapturesFile.class);
            } catch (JacksonException | IllegalArgumentException e) {
                add("SCHEMA", file, "captures.json does not satisfy the contract record: " + rootMessage(e));
                return;
            }
            if (!captures.evidenceId().equals(manifest.evidenceId())) {
                add("EVIDENCE_ID_MISMATCH", file + "#/evidenceId", "captures.json has evidenceId "
                        + captures.evidenceId() + " but the manifest has " + manifest.evidenceId());
            }
            Set<String> listedPaths = new HashSet<>();
            manifest.artifacts().forEach(a -> {
                if (a.path() != null) {
                    listedPaths.add(a.path());
                }
            });
            for (int i = 0; i < captures.captures().size(); i++) {
                checkCaptureRecord(manifest, file + "#/captures/" + i, captures.captures().get(i), listedPaths);
            }
            if (manifest.video() == null) {
                // captures.json holds the host screenshot receipt and the Operator's hierarchy result.
                for (ArtifactKind kind : List.of(ArtifactKind.SCREENSHOT, ArtifactKind.HIERARCHY)) {
                    boolean captured = manifest.artifacts().stream().anyMatch(a -> a.kind() == kind);
                    if (captured && captures.captures().stream().noneMatch(r -> kindOf(r.kind()) == kind)) {
                        add("CAPTURE_RECORD_MISSING", file + "#/captures", "captures.json has no " + kind.wire()
                                + " record for the manifest's " + kind.wire() + " artifact");
                    }
                }
            }
            checkHierarchyEqualsEnvelope(manifest, file, captures);
        }

        private void checkCaptureRecord(Manifest manifest, String pointer, CaptureRecord record, Set<String> listedPaths) {
            checkTiming(pointer + "/observation", record.observation());
            checkTiming(pointer + "/persistence", record.persistence());
            if (record.artifactPath() != null && !listedPaths.contains(record.artifactPath())) {
                add("CORRELATION_MISMATCH", pointer + "/artifactPath",
                        record.artifactPath() + " is not an artifact listed in the manifest");
            }
            ArtifactKind kind = kindOf(record.kind());
            if (kind != ArtifactKind.SCREENSHOT && kind != ArtifactKind.HIERARCHY) {
                return;
            }
            if (kind == ArtifactKind.SCREENSHOT && !"adb_screencap".equals(record.source())) {
                add("CAPTURE_SOURCE", pointer + "/source",
                        "the screenshot record's source is adb_screencap (a host receipt), not " + record.source());
            }
            if (kind == ArtifactKind.SCREENSHOT && !(record.result() != null && record.result().get("ok") instanceof Boolean)) {
                add("CAPTURE_SOURCE", pointer + "/result",
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
                    add("CORRELATION_MISMATCH", pointer, "the " + kind.wire() + " record has commandId/taskId "
                            + record.commandId() + "/" + record.taskId() + " but manifest artifact " + i + " has "
                            + artifact.commandId() + "/" + artifact.taskId());
                }
                if (!Objects.equals(artifact.path(), record.artifactPath())) {
                    add("CORRELATION_MISMATCH", pointer + "/artifactPath", "the " + kind.wire() + " record names "
                            + record.artifactPath() + " but manifest artifact " + i + " is " + artifact.path());
                }
            }
        }

        /**
         * hierarchy.xml is the envelope's snapshot text, byte for byte; a retained
         * hierarchy.partial.xml is that text or, when storage cut it short, a prefix of it.
         */
        private void checkHierarchyEqualsEnvelope(Manifest manifest, String capturesFile, CapturesFile captures) {
            String text = null;
            boolean envelopeFound = false;
            for (CaptureRecord record : captures.captures()) {
                if (kindOf(record.kind()) == ArtifactKind.HIERARCHY && record.result() != null) {
                    envelopeFound = true;
                    text = snapshotText(record.result());
                }
            }
            for (Artifact artifact : manifest.artifacts()) {
                if (artifact.kind() != ArtifactKind.HIERARCHY || artifact.path() == null) {
                    continue;
                }
                byte[] xml = contents.get(artifact.path());
                if (xml == null) {
                    continue;
                }
                if (text == null) {
                    if (artifact.status() == ArtifactStatus.COMPLETE) {
                        add("ENVELOPE_MISMATCH", artifact.path(), "the complete hierarchy has no Operator envelope text in "
                                + capturesFile + (envelopeFound ? " (no snapshot step data.text)" : " (no hierarchy result)"));
                    }
                    continue;
                }
                byte[] envelopeText = text.getBytes(StandardCharsets.UTF_8);
                // A partial file may be cut short by storage: it keeps a prefix of the envelope's text.
                boolean matches = artifact.status() == ArtifactStatus.PARTIAL
                        ? xml.length <= envelopeText.length && Arrays.equals(xml, 0, xml.length, envelopeText, 0, xml.length)
                        : Arrays.equals(xml, envelopeText);
                if (!matches) {
                    String fileHash = hex(sha256().digest(xml));
                    String envelopeHash = hex(sha256().digest(envelopeText));
                    add("ENVELOPE_MISMATCH", artifact.path(), artifact.path() + " (sha256 " + fileHash
                            + ") differs from the envelope's snapshot text in " + capturesFile + " (sha256 " + envelopeHash
                            + ")" + (artifact.status() == ArtifactStatus.PARTIAL ? "; a partial file keeps a prefix of it" : ""));
                }
            }
        }

        /** {@code stepResults[id=snap].data.text}, else the snapshot_ui step's; null when absent. */
        private String snapshotText(Map<String, Object> envelope) {
            if (!(envelope.get("stepResults") instanceof List<?> steps)) {
                return null;
            }
            Map<?, ?> chosen = null;
            for (Object step : steps) {
                if (step instanceof Map<?, ?> map) {
                    if (SNAPSHOT_STEP_ID.equals(map.get("id"))) {
                        chosen = map;
                        break;
                    }
                    if (chosen == null && SNAPSHOT_ACTION.equals(map.get("actionType"))) {
                        chosen = map;
                    }
                }
            }
            if (chosen != null && chosen.get("data") instanceof Map<?, ?> data && data.get("text") instanceof String text) {
                return text;
            }
            return null;
        }

        private void checkNoEmbeddedMedia(String file, String pointer, JsonNode node) {
            if (node.isString()) {
                String value = node.stringValue();
                for (String prefix : EMBEDDED_MEDIA_PREFIXES) {
                    if (value.startsWith(prefix)) {
                        add("EMBEDDED_MEDIA", file + "#" + pointer, "base64 media is never embedded in " + file);
                        return;
                    }
                }
            } else if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    checkNoEmbeddedMedia(file, pointer + "/" + i, node.get(i));
                }
            } else if (node.isObject()) {
                for (Map.Entry<String, JsonNode> property : node.properties()) {
                    checkNoEmbeddedMedia(file, pointer + "/" + escape(property.getKey()), property.getValue());
                }
            }
        }

        // ---- helpers ----------------------------------------------------------------------

        private JsonNode readJson(String name) {
            Path file = dir.resolve(name);
            BasicFileAttributes attributes = attributes(file);
            if (attributes == null) {
                add("MISSING_FILE", name, name + " does not exist; the bundle has no finalized manifest");
                return null;
            }
            if (!attributes.isRegularFile()) {
                add("NOT_REGULAR_FILE", name, name + " is not a regular file");
                return null;
            }
            try {
                return parse(name, Files.readAllBytes(file));
            } catch (IOException e) {
                add("UNREADABLE_FILE", name, name + " cannot be read: " + e.getMessage());
                return null;
            }
        }

        private JsonNode parse(String name, byte[] json) {
            try {
                JsonNode tree = ContractJson.mapper().readTree(json);
                if (tree == null || !tree.isObject()) {
                    add("JSON_INVALID", name, name + " is not a JSON object");
                    return null;
                }
                return tree;
            } catch (JacksonException e) {
                add("JSON_INVALID", name, name + " is not valid JSON: " + e.getOriginalMessage());
                return null;
            }
        }

        private void checkTiming(String pointer, Timing timing) {
            if (timing != null) {
                checkOrder(pointer, timing.startedAt(), timing.finishedAt());
            }
        }

        private void checkOrder(String pointer, String startedAt, String finishedAt) {
            if (startedAt == null || finishedAt == null) {
                return;
            }
            try {
                if (Instant.parse(startedAt).isAfter(Instant.parse(finishedAt))) {
                    add("TIME_ORDER", pointer, "startedAt " + startedAt + " is after finishedAt " + finishedAt);
                }
            } catch (DateTimeParseException e) {
                add("SCHEMA", pointer, "not a valid instant: " + e.getParsedString());
            }
        }

        private String relative(Path path) {
            Path relative = dir.relativize(path);
            StringBuilder text = new StringBuilder();
            for (Iterator<Path> names = relative.iterator(); names.hasNext(); ) {
                String name = names.next().toString();
                if (!name.isEmpty()) {
                    text.append(text.length() == 0 ? "" : "/").append(name);
                }
            }
            return text.toString();
        }

        private void add(String code, String path, String message) {
            problems.add(new Problem(code, path, message));
        }
    }

    private static ArtifactKind kindOf(String wire) {
        return Arrays.stream(ArtifactKind.values()).filter(k -> k.wire().equals(wire)).findFirst().orElse(null);
    }

    /** The entry's own attributes (a symlink is reported as one), or null when nothing can be seen there. */
    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
    }

    /** {@code file#pointer}, or just {@code file} for the document root. */
    private static String at(String file, String pointer) {
        return pointer == null || pointer.isEmpty() ? file : file + "#" + pointer;
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }
}
