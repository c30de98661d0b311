package com.androperator.evidence.viewer;

import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.VerificationReport;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.ParserLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Everything the page shows, read from one bundle directory in one go: the manifest and
 * captures.json as bounded JSON trees, every artifact's bytes hashed again, the screenshot and
 * hierarchy to draw (complete or retained partial), the video clips, the verifier's report and the
 * files present. Reading never changes the bundle.
 */
record BundleSnapshot(Path directory, BoundedJson.Read manifest, BoundedJson.Read captures, List<ArtifactCheck> artifacts,
                      Screenshot screenshot, Hierarchy hierarchy, List<Clip> clips, Verification verification,
                      List<Entry> files, long unlistedFiles, EncoderLog encoderLog) {
    static final String MANIFEST = BundleFileNames.MANIFEST;
    /** Larger hierarchies are hashed but not parsed for drawing. */
    static final long MAX_HIERARCHY_BYTES = 512L * 1024 * 1024;
    static final int MAX_LISTED_FILES = 500;
    static final int MAX_ENCODER_LOG_BYTES = 64 * 1024;

    /** The screenshot to draw on: {@code file} is null when there is none, and {@code absence} says why. */
    record Screenshot(ArtifactCheck check, Path file, boolean verified, Geometry geometry, String absence) {
    }

    /** Screenshot pixel space and where its size came from. */
    record Geometry(long width, long height, String source) {
    }

    /** The hierarchy to draw: {@code outline} is null when there is none, and {@code absence} says why. */
    record Hierarchy(ArtifactCheck check, HierarchyOutline outline, boolean verified, String absence) {
    }

    /** One kind "video" artifact, in manifest order, with the span it was made from when captures.json names it. */
    record Clip(ArtifactCheck check, CaptureRecords.Span span) {
        String mimeType() {
            return check.entry().text("mimeType").orElse("");
        }
    }

    /** The verifier's report, or why it could not give one. */
    record Verification(VerificationReport report, String failure) {
    }

    /** A top-level directory entry. */
    record Entry(String name, String type, long bytes) {
    }

    /** The first bytes of the recorder's diagnostics. */
    record EncoderLog(String path, String text, long omittedBytes) {
    }

    static BundleSnapshot read(Path directory) {
        return read(directory, BundleSnapshot::verify);
    }

    /** {@code verifier} is the conformance verifier, or a stand-in for measuring the viewer alone. */
    static BundleSnapshot read(Path directory, java.util.function.Function<Path, Verification> verifier) {
        BundleFiles files = new BundleFiles(directory);
        BoundedJson.Read manifest = readManifest(files);
        JsonValue root = manifest instanceof BoundedJson.Read.Parsed parsed ? parsed.root() : new JsonValue.Null();
        List<ArtifactCheck> checks = new ArrayList<>();
        for (JsonValue entry : root.items("artifacts")) {
            if (entry.isObject()) {
                checks.add(ArtifactCheck.of(entry, files));
            }
        }
        if (!(manifest instanceof BoundedJson.Read.Parsed)) {
            checks.addAll(conventionalFiles(files));
        }
        BoundedJson.Read captures = readCaptures(checks, files);
        JsonValue capturesRoot = captures instanceof BoundedJson.Read.Parsed parsed ? parsed.root() : new JsonValue.Null();
        Hierarchy hierarchy = hierarchy(checks);
        Screenshot screenshot = screenshot(checks, root, hierarchy);
        List<CaptureRecords.Span> spans = CaptureRecords.spans(capturesRoot);
        List<Clip> clips = new ArrayList<>();
        int ordinal = 0;
        for (ArtifactCheck check : checks) {
            if (check.kind().equals("video") && !check.entry().text("mimeType").orElse("").contains("matroska")) {
                clips.add(new Clip(check, span(spans, check.path(), ordinal++)));
            }
        }
        List<Entry> listing = new ArrayList<>();
        long unlisted = list(directory, listing);
        return new BundleSnapshot(directory, manifest, captures, checks, screenshot, hierarchy, clips,
                verifier.apply(directory), listing, unlisted, encoderLog(checks));
    }

    /** Typed first, so a FIFO or device named manifest.json is reported, never opened. */
    private static BoundedJson.Read readManifest(BundleFiles files) {
        BundleFiles.Located located = files.locate(MANIFEST);
        if (located instanceof BundleFiles.Located.Found found) {
            return found.bytes() > ParserLimits.BUNDLE_MANIFEST_MAX_BYTES
                    ? new BoundedJson.Read.Unreadable("has " + found.bytes() + " bytes; at most "
                            + ParserLimits.BUNDLE_MANIFEST_MAX_BYTES + " (8 MiB) are read")
                    : BoundedJson.read(found.file(), BoundedJson.Limits.MANIFEST);
        }
        return located instanceof BundleFiles.Located.Refused refused ? new BoundedJson.Read.Unreadable("is not read: " + refused.reason())
                : new BoundedJson.Read.Missing();
    }

    JsonValue manifestRoot() {
        return manifest instanceof BoundedJson.Read.Parsed parsed ? parsed.root() : new JsonValue.Null();
    }

    JsonValue capturesRoot() {
        return captures instanceof BoundedJson.Read.Parsed parsed ? parsed.root() : new JsonValue.Null();
    }

    /** Without a readable manifest, the files a capture names by convention are shown for what they are. */
    private static List<ArtifactCheck> conventionalFiles(BundleFiles files) {
        List<ArtifactCheck> found = new ArrayList<>();
        String[][] names = {{"screenshot", BundleFileNames.SCREENSHOT, "image/png"},
            {"screenshot", BundleFileNames.SCREENSHOT_PARTIAL, "image/png"},
            {"hierarchy", BundleFileNames.HIERARCHY, "application/xml"},
            {"hierarchy", BundleFileNames.HIERARCHY_PARTIAL, "application/xml"},
            {"capture_envelopes", BundleFileNames.CAPTURES, "application/json"}, {"video", BundleFileNames.clip(1), "video/mp4"}};
        for (String[] name : names) {
            if (files.locate(name[1]) instanceof BundleFiles.Located.Found) {
                java.util.Map<String, JsonValue> entry = new java.util.LinkedHashMap<>();
                entry.put("kind", new JsonValue.Str(name[0], 0));
                entry.put("path", new JsonValue.Str(name[1], 0));
                entry.put("mimeType", new JsonValue.Str(name[2], 0));
                entry.put("status", new JsonValue.Str("unlisted", 0));
                found.add(ArtifactCheck.of(new JsonValue.Obj(entry, 0), files));
            }
        }
        return found;
    }

    private static BoundedJson.Read readCaptures(List<ArtifactCheck> checks, BundleFiles files) {
        Optional<Path> listed = checks.stream().filter(c -> c.kind().equals("capture_envelopes"))
                .map(ArtifactCheck::file).flatMap(Optional::stream).findFirst();
        if (listed.isPresent()) {
            return BoundedJson.read(listed.get(), BoundedJson.Limits.CAPTURES);
        }
        return files.locate(BundleFileNames.CAPTURES) instanceof BundleFiles.Located.Found found
                ? BoundedJson.read(found.file(), BoundedJson.Limits.CAPTURES) : new BoundedJson.Read.Missing();
    }

    /** The first screenshot artifact with a file wins (complete over partial, in manifest order). */
    private static Screenshot screenshot(List<ArtifactCheck> checks, JsonValue manifest, Hierarchy hierarchy) {
        List<ArtifactCheck> shots = checks.stream().filter(c -> c.kind().equals("screenshot")).toList();
        ArtifactCheck chosen = shots.stream().filter(c -> c.file().isPresent() && c.status().equals("complete")).findFirst()
                .or(() -> shots.stream().filter(c -> c.file().isPresent()).findFirst()).orElse(null);
        Path file = chosen == null ? null : chosen.file().orElseThrow();
        String notPng = null;
        if (file != null && !isPng(file)) {
            notPng = describe(chosen) + ". Its file " + chosen.path() + " is not a PNG image, so it is not shown.";
            file = null;
        }
        Optional<Geometry> geometry = Optional.empty();
        if (file != null) {
            JsonValue image = chosen.entry().get("image").orElse(new JsonValue.Null());
            Optional<Long> width = image.whole("captureWidthPx");
            Optional<Long> height = image.whole("captureHeightPx");
            if (width.isPresent() && height.isPresent() && width.get() > 0 && height.get() > 0) {
                geometry = Optional.of(new Geometry(width.get(), height.get(), "the manifest's image geometry"));
            } else {
                geometry = pngHeader(file);
            }
        }
        if (geometry.isEmpty()) {
            JsonValue display = manifest.get("device").flatMap(d -> d.get("display")).orElse(new JsonValue.Null());
            Optional<Long> width = display.whole("width");
            Optional<Long> height = display.whole("height");
            if (width.isPresent() && height.isPresent() && width.get() > 0 && height.get() > 0) {
                geometry = Optional.of(new Geometry(width.get(), height.get(), "device.display (no screenshot geometry)"));
            }
        }
        if (geometry.isEmpty() && hierarchy.outline() != null) {
            geometry = hierarchyExtent(hierarchy.outline());
        }
        String absence = null;
        if (file == null) {
            absence = notPng != null ? notPng : shots.isEmpty() ? "The manifest lists no screenshot." : describe(shots.get(0));
        }
        boolean verified = file != null && chosen.status().equals("complete") && !chosen.verdict().integrityFailure();
        return new Screenshot(chosen, file, verified, geometry.orElse(null), absence);
    }

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private static boolean isPng(Path file) {
        try {
            return java.util.Arrays.equals(BundleFiles.head(file, PNG_SIGNATURE.length), PNG_SIGNATURE);
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a file starts like an MP4 (an ISO BMFF {@code ftyp} box), so that it can be handed to a player. */
    static boolean isMp4(Path file) {
        try {
            byte[] head = BundleFiles.head(file, 8);
            return head.length == 8 && head[4] == 'f' && head[5] == 't' && head[6] == 'y' && head[7] == 'p';
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Geometry> pngHeader(Path file) {
        try {
            byte[] head = BundleFiles.head(file, 24);
            if (head.length < 24 || !java.util.Arrays.equals(java.util.Arrays.copyOf(head, 8), PNG_SIGNATURE)
                    || head[12] != 'I' || head[13] != 'H' || head[14] != 'D' || head[15] != 'R') {
                return Optional.empty();
            }
            java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(head, 16, 8);
            long width = Integer.toUnsignedLong(buffer.getInt());
            long height = Integer.toUnsignedLong(buffer.getInt());
            return width > 0 && height > 0 ? Optional.of(new Geometry(width, height, "the PNG header (the manifest has no image geometry)"))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Geometry> hierarchyExtent(HierarchyOutline outline) {
        long width = 0;
        long height = 0;
        for (UiNode node : outline.nodes()) {
            if (node.rect() != null) {
                width = Math.max(width, node.rect().right());
                height = Math.max(height, node.rect().bottom());
            }
        }
        return width > 0 && height > 0 ? Optional.of(new Geometry(width, height, "the hierarchy's largest bounds (no screenshot or display size)"))
                : Optional.empty();
    }

    private static Hierarchy hierarchy(List<ArtifactCheck> checks) {
        List<ArtifactCheck> trees = checks.stream().filter(c -> c.kind().equals("hierarchy")).toList();
        ArtifactCheck chosen = trees.stream().filter(c -> c.file().isPresent() && c.status().equals("complete")).findFirst()
                .or(() -> trees.stream().filter(c -> c.file().isPresent()).findFirst()).orElse(null);
        if (chosen == null) {
            return new Hierarchy(null, null, false, trees.isEmpty() ? "The manifest lists no hierarchy." : describe(trees.get(0)));
        }
        boolean verified = chosen.status().equals("complete") && !chosen.verdict().integrityFailure();
        BundleFiles.Located.Found found = (BundleFiles.Located.Found) chosen.located();
        if (found.bytes() > MAX_HIERARCHY_BYTES) {
            return new Hierarchy(chosen, null, verified, chosen.path() + " has " + found.bytes()
                    + " bytes, more than the viewer parses (" + MAX_HIERARCHY_BYTES + "); it is hashed but not drawn.");
        }
        return new Hierarchy(chosen, HierarchyOutline.read(found.file()), verified, null);
    }

    /** Why an artifact has no file to show: its status and error code, stage and message. */
    static String describe(ArtifactCheck check) {
        StringBuilder text = new StringBuilder();
        text.append(check.kind().isEmpty() ? "The artifact" : capitalized(check.kind())).append(' ')
                .append(check.status().isEmpty() ? "has no status" : check.status());
        JsonValue error = check.entry().get("error").orElse(new JsonValue.Null());
        error.text("code").ifPresent(code -> text.append(": ").append(code));
        error.text("stage").ifPresent(stage -> text.append(" (stage ").append(stage).append(')'));
        error.text("message").ifPresent(message -> text.append(" — ").append(message));
        if (check.verdict().integrityFailure()) {
            text.append(", but ").append(check.note());
        }
        return text.toString();
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1).replace('_', ' ');
    }

    private static CaptureRecords.Span span(List<CaptureRecords.Span> spans, String path, int ordinal) {
        if (path != null) {
            for (CaptureRecords.Span span : spans) {
                if (span.path().equals(path)) {
                    return span;
                }
            }
        }
        return ordinal < spans.size() && spans.get(ordinal).path().isEmpty() ? spans.get(ordinal) : null;
    }

    static Verification verify(Path directory) {
        try {
            return new Verification(new BundleVerifier().verify(directory), null);
        } catch (RuntimeException e) {
            return new Verification(null, "the verifier failed: " + e);
        }
    }

    private static long list(Path directory, List<Entry> listing) {
        long unlisted = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path entry : entries) {
                if (listing.size() >= MAX_LISTED_FILES) {
                    unlisted++;
                    continue;
                }
                try {
                    BasicFileAttributes attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    String type = attributes.isSymbolicLink() ? "symbolic link" : attributes.isDirectory() ? "directory"
                            : attributes.isRegularFile() ? "file" : "other";
                    listing.add(new Entry(entry.getFileName().toString(), type, attributes.size()));
                } catch (IOException e) {
                    listing.add(new Entry(entry.getFileName().toString(), "unreadable", -1));
                }
            }
        } catch (IOException e) {
            listing.add(new Entry("(the directory cannot be listed: " + e.getMessage() + ")", "error", -1));
        }
        listing.sort(Comparator.comparing(Entry::name));
        return unlisted;
    }

    private static EncoderLog encoderLog(List<ArtifactCheck> checks) {
        for (ArtifactCheck check : checks) {
            if (check.kind().equals("encoder_stderr") && check.file().isPresent()) {
                try {
                    byte[] head = BundleFiles.head(check.file().get(), MAX_ENCODER_LOG_BYTES);
                    long size = ((BundleFiles.Located.Found) check.located()).bytes();
                    return new EncoderLog(check.path(), new String(head, StandardCharsets.UTF_8), Math.max(0, size - head.length));
                } catch (IOException e) {
                    return new EncoderLog(check.path(), "(cannot be read: " + e.getMessage() + ")", 0);
                }
            }
        }
        return null;
    }
}
