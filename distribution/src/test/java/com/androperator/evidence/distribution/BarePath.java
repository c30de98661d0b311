package com.androperator.evidence.distribution;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A PATH directory that holds only what the launchers need (bin/lib/launcher.sh names it: bash,
 * readlink, cksum, mkdir, mv, rm, locale) and adb, each a symbolic link to the machine's
 * own; with {@link #withJava} also {@code java}, linked to this JVM's. Nothing else of the machine's
 * (no Maven, no other java, no repository) is reachable through it.
 */
final class BarePath {
    static final List<String> LAUNCHER_NEEDS = List.of("bash", "readlink", "cksum", "mkdir", "mv", "rm",
            "locale");

    private BarePath() {
    }

    static Path create(Path directory) {
        try {
            Files.createDirectories(directory);
            for (String tool : LAUNCHER_NEEDS) {
                Files.createSymbolicLink(directory.resolve(tool), which(tool));
            }
            Files.createSymbolicLink(directory.resolve("adb"), which("adb"));
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path withJava(Path directory) {
        create(directory);
        try {
            Files.createSymbolicLink(directory.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return directory;
    }

    /** The machine's program of that name, from this JVM's PATH and the usual system directories. */
    static Path which(String tool) {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/local/bin:/usr/bin:/bin";
        for (String entry : path.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(entry, tool);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return candidate.toAbsolutePath();
            }
        }
        throw new IllegalStateException(tool + " is not installed (the release archive tests need it on PATH)");
    }
}
