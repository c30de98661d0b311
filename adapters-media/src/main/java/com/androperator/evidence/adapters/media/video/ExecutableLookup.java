package com.androperator.evidence.adapters.media.video;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Finds an executable on the PATH of a given environment, as a shell would. */
public final class ExecutableLookup {
    private final String path;

    public ExecutableLookup(Map<String, String> environment) {
        this.path = environment.getOrDefault("PATH", "");
    }

    /** The absolute path of the first executable regular file named {@code name} on PATH. */
    public Optional<Path> find(String name) {
        for (String directory : path.split(File.pathSeparator, -1)) {
            if (directory.isEmpty()) {
                continue;
            }
            try {
                Path candidate = Path.of(directory).resolve(name).toAbsolutePath();
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            } catch (InvalidPathException e) {
                // A malformed PATH entry names nothing; keep looking.
            }
        }
        return Optional.empty();
    }
}
