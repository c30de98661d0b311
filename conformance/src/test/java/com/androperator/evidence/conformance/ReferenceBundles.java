package com.androperator.evidence.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bundles as the reference tool (Node) writes them, transcribed from
 * {@code shared/design/reference-compat.md} section 1 into test resources
 * ({@code reference-bundles/<name>/}): captures.json as an array of records, "WxH" sizes,
 * fractional monotonic durations, the retained source as a partial {@code video}. Shared with the
 * CLI's process tests of {@code evidence verify}.
 */
public final class ReferenceBundles {
    /** Each bundle and its files, as the reference lays them out. */
    public static final Map<String, List<String>> BUNDLES = bundles();

    private ReferenceBundles() {
    }

    private static Map<String, List<String>> bundles() {
        Map<String, List<String>> all = new LinkedHashMap<>();
        all.put("still-complete", List.of("manifest.json", "screenshot.png", "hierarchy.xml", "captures.json"));
        all.put("still-partial", List.of("manifest.json", "screenshot.png", "captures.json"));
        all.put("video-complete", List.of("manifest.json", "video.mp4", "encoder.stderr.txt", "captures.json"));
        all.put("video-partial-fold", List.of("manifest.json", "video.mp4", "video-0002.partial.mp4",
                "capture.partial.mkv", "encoder.stderr.txt", "captures.json"));
        return all;
    }

    /** Copies bundle {@code name} into {@code parent/name} with the contract's modes (0700, 0600); returns it. */
    public static Path materialize(String name, Path parent) {
        Path dir = parent.resolve(name);
        try {
            Files.createDirectory(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            for (String file : BUNDLES.get(name)) {
                Path target = dir.resolve(file);
                Files.write(target, resource("reference-bundles/" + name + "/" + file));
                Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    static byte[] resource(String path) throws IOException {
        try (InputStream in = ReferenceBundles.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IOException("no test resource " + path);
            }
            return in.readAllBytes();
        }
    }
}
