package com.androperator.evidence.junit5;

import com.androperator.evidence.contracts.CommandResult;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the extension tells JUnit about one capture: one report entry whose keys are
 * {@value #PREFIX}{@code status} (complete, partial, failed, or not_captured when no bundle was
 * written), {@code manifest} and {@code evidenceId} (when they exist), {@code code},
 * {@code message} and {@code hint} (when the capture was not complete) and {@code captureMs};
 * a file entry {@value #MANIFEST_FILE} holding a copy of the manifest where the launcher offers
 * an output directory; and one line on stderr. Publishing never throws.
 */
record EvidenceReport(String status, String manifestPath, String evidenceId, String code, String message,
                      String hint, long captureMs) {
    static final String PREFIX = "androperator.evidence.";
    static final String NOT_CAPTURED = "not_captured";
    static final String MANIFEST_FILE = "androperator-evidence-manifest.json";
    static final String CAPTURE_FAILED = "EVIDENCE_CAPTURE_FAILED";
    static final String INVALID_CONFIGURATION = "EXECUTION_VALIDATION_FAILED";

    /**
     * The capture API's result. Request fields are already named in the extension's terms
     * ({@link SettingTerms}); the environment variables the API reads itself (the evidence root, the adb
     * server) are replaced by the setting the author gave instead, the one thing the author can change.
     */
    static EvidenceReport of(CommandResult result, Map<String, String> sourceByApiName, long captureMs) {
        String status = result.status() == null ? NOT_CAPTURED : result.status();
        return new EvidenceReport(status, result.manifestPath(), result.evidenceId(), result.code(),
                translate(result.message(), sourceByApiName), translate(result.hint(), sourceByApiName), captureMs);
    }

    static EvidenceReport invalidConfiguration(String message, long captureMs) {
        return new EvidenceReport(NOT_CAPTURED, null, null, INVALID_CONFIGURATION, message, null, captureMs);
    }

    /** A capture that threw: a bug or broken infrastructure, still never the test's concern. */
    static EvidenceReport crashed(Throwable error, long captureMs) {
        return new EvidenceReport(NOT_CAPTURED, null, null, CAPTURE_FAILED, "the evidence capture threw "
                + error.getClass().getName() + (error.getMessage() == null ? "" : ": " + error.getMessage())
                + "; the test's own result is unchanged", null, captureMs);
    }

    Map<String, String> entries() {
        Map<String, String> entries = ReportChannel.entries(PREFIX, status, "manifest", manifestPath,
                "evidenceId", evidenceId, "code", code, "message", message, "hint", hint);
        entries.put(PREFIX + "captureMs", Long.toString(captureMs));
        return entries;
    }

    /** Publishes the entries and the manifest's file entry, then writes one line on {@code stderr}. */
    void publish(ExtensionContext context, String subject, PrintStream stderr) {
        StringBuilder line = new StringBuilder("[androperator-junit5] ").append(subject).append(" failed; evidence ")
                .append(status);
        ReportChannel.publish(context, entries(), manifestPath, MANIFEST_FILE, code, message, line, stderr);
    }

    private static String translate(String text, Map<String, String> sourceByApiName) {
        if (text == null) {
            return null;
        }
        if (sourceByApiName.isEmpty()) {
            return text;
        }
        // One pass, longest name first, so that a replacement is never rewritten again.
        String names = sourceByApiName.keySet().stream()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .map(Pattern::quote)
                .collect(Collectors.joining("|"));
        return Pattern.compile(names).matcher(text)
                .replaceAll(match -> Matcher.quoteReplacement(sourceByApiName.get(match.group())));
    }
}
