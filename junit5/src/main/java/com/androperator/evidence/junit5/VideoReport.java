package com.androperator.evidence.junit5;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import java.io.PrintStream;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the extension tells JUnit about one test's recording: one report entry whose keys are
 * {@value #PREFIX}{@code status} (the video bundle's status, {@value #NOT_RECORDED} when no bundle was
 * made, or {@value #KEPT} for a bundle that could not be discarded), {@code manifest} and
 * {@code sessionId} (when a bundle exists), {@code code}, {@code message} and {@code hint} (when
 * something went wrong); for a kept bundle also a file entry {@value #MANIFEST_FILE} with a copy of
 * its manifest; and one line on stderr. Publishing never throws.
 */
record VideoReport(String status, String manifestPath, String sessionId, String code, String message, String hint) {
    static final String PREFIX = "androperator.evidence.video.";
    static final String NOT_RECORDED = "not_recorded";
    static final String KEPT = "kept";
    static final String MANIFEST_FILE = "androperator-evidence-video-manifest.json";

    /** The video API's answer (start refused, or the settled stop). */
    static VideoReport of(CommandResult result) {
        return new VideoReport(result.status() == null ? NOT_RECORDED : result.status(), result.manifestPath(),
                result.sessionId(), result.code(), result.message(), result.hint());
    }

    static VideoReport notRecorded(String code, String message) {
        return new VideoReport(NOT_RECORDED, null, null, code, message, null);
    }

    /** The video settings themselves are wrong: nothing was recorded, the test runs on. */
    static VideoReport invalidConfiguration(String message) {
        return notRecorded(ErrorCodes.EXECUTION_VALIDATION_FAILED, message);
    }

    /** Recording threw: a bug or broken infrastructure, still never the test's concern. */
    static VideoReport crashed(Throwable error) {
        return notRecorded(ErrorCodes.EVIDENCE_CAPTURE_FAILED, "the test's recording threw " + error.getClass().getName()
                + (error.getMessage() == null ? "" : ": " + error.getMessage()) + "; the test's own result is unchanged");
    }

    /** A passing test's bundle that stays: it did not settle, or could not be removed whole. */
    VideoReport kept(String code, String why) {
        return new VideoReport(KEPT, manifestPath, sessionId, code, why, null);
    }

    Map<String, String> entries() {
        return ReportChannel.entries(PREFIX, status, "manifest", manifestPath, "sessionId", sessionId, "code", code,
                "message", message, "hint", hint);
    }

    /** Publishes the entries and, when {@code withManifest}, the manifest's file entry; then one line on stderr. */
    void publish(ExtensionContext context, String subject, boolean withManifest, PrintStream stderr) {
        StringBuilder line = new StringBuilder("[androperator-junit5] ").append(subject).append(": video ")
                .append(status);
        ReportChannel.publish(context, entries(), manifestPath, withManifest ? MANIFEST_FILE : null, code, message,
                line, stderr);
    }
}
