package com.androperator.evidence.junit5;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.MediaType;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * How one bundle's outcome reaches JUnit (still capture and video alike): a report entry, a copy of
 * the manifest as a file entry where the launcher offers an output directory, and one line on
 * stderr that also says what could not be published. Never throws. A null manifest path, manifest
 * file name or code means there is none to publish.
 */
final class ReportChannel {
    private ReportChannel() {
    }

    /** {@code <prefix>status}, then each named value that is not blank, in the order given (name, value, ...). */
    static Map<String, String> entries(String prefix, String status, String... namesAndValues) {
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put(prefix + "status", status);
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            String value = namesAndValues[i + 1];
            if (value != null && !value.isBlank()) {
                entries.put(prefix + namesAndValues[i], value);
            }
        }
        return entries;
    }

    /**
     * Publishes {@code entries} and, when {@code manifestFile} is given and the bundle has a manifest,
     * the manifest's file entry; then prints {@code line} with the manifest path, code and message.
     */
    static void publish(ExtensionContext context, Map<String, String> entries, String manifestPath,
                        String manifestFile, String code, String message,
                        StringBuilder line, PrintStream stderr) {
        if (manifestPath != null) {
            line.append(": ").append(manifestPath);
        }
        if (code != null) {
            line.append(" (").append(code).append(": ").append(message).append(')');
        }
        try {
            context.publishReportEntry(entries);
        } catch (RuntimeException e) {
            line.append(" [report entry not published: ").append(e.getMessage()).append(']');
        }
        if (manifestPath != null && manifestFile != null) {
            try {
                Path manifest = Path.of(manifestPath);
                context.publishFile(manifestFile, MediaType.APPLICATION_JSON, target -> Files.copy(manifest, target));
            } catch (RuntimeException | LinkageError e) {
                // No output directory (EngineTestKit's default, older launchers) or a JUnit before 5.14:
                // the report entry still names the manifest.
                line.append(" [no file entry: ").append(e.getMessage()).append(']');
            }
        }
        stderr.println(line);
    }
}
