package com.androperator.evidence.distribution;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.jspecify.annotations.Nullable;

/**
 * A directory the launchers take for a JDK: a {@code release} file (or none) and a {@code bin/java}
 * that is a shell script, for what the launchers do before any real JVM would start.
 */
final class StandInJdk {
    private StandInJdk() {
    }

    /** Creates {@code parent/name} with that release file's text (none when null) and {@code bin/java} running {@code script}. */
    static Path create(Path parent, String name, @Nullable String release, String script) throws IOException {
        Path home = Files.createDirectories(parent.resolve(name).resolve("bin")).getParent();
        if (release != null) {
            Files.writeString(home.resolve("release"), release);
        }
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }
}
