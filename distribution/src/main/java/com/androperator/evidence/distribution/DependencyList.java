package com.androperator.evidence.distribution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The artifacts in a file written by {@code maven-dependency-plugin:list} with {@code outputScope=false}. */
public final class DependencyList {
    /** {@code group:artifact:type[:classifier]:version}, optionally followed by {@code " -- module name"}. */
    private static final Pattern LINE =
            Pattern.compile("^\\s+([\\w.-]+):([\\w.-]+):([\\w.-]+)(?::([\\w.-]+))?:([\\w.+-]+)(?:\\s+--.*)?$");

    /** One resolved artifact. */
    public record Artifact(String groupId, String artifactId, String type, String classifier, String version) {
        public String coordinates() {
            return groupId + ":" + artifactId + ":" + version;
        }
    }

    private DependencyList() {
    }

    public static List<Artifact> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dependency list " + file, e);
        }
        List<Artifact> artifacts = new ArrayList<>();
        for (String line : lines) {
            Matcher matcher = LINE.matcher(line);
            if (matcher.matches()) {
                artifacts.add(new Artifact(matcher.group(1), matcher.group(2), matcher.group(3), matcher.group(4),
                        matcher.group(5)));
            }
        }
        return List.copyOf(artifacts);
    }
}
