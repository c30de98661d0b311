package com.androperator.evidence.junit5;

import com.androperator.evidence.api.EvidencePrune;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.SessionRef;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.port.prune.BundleShelf;
import com.androperator.evidence.domain.video.VideoStartCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One test's recording, through the managed video API ({@link EvidenceVideo}, the lifecycle of
 * {@code evidence video start/stop}): a managed bundle under the same evidence root as the still
 * bundles, started before the test method and stopped after it. Stopping repeats the API's stop
 * (each waits at most 15 s) until the session has settled, so that when it returns the worker has
 * published the terminal manifest and released the device lock, and the bundle can be discarded.
 */
final class TestVideo {
    /** How long stopping keeps waiting for finalization; far above what a test's clip takes. */
    static final Duration SETTLE_LIMIT = Duration.ofMinutes(10);
    private static final Set<String> UNSETTLED = Set.of("starting", "recording", "finalizing");
    private static final Set<String> TERMINAL = Set.of("complete", "partial", "failed");
    private static final String SUFFIX = " recording";

    private final EvidenceVideo video;
    private final VideoSettings.Mode mode;
    private final CommandResult started;
    private CommandResult settled;

    private TestVideo(EvidenceVideo video, VideoSettings.Mode mode, CommandResult started) {
        this.video = video;
        this.mode = mode;
        this.started = started;
    }

    /** Starts the recording; a start that is refused or fails is in {@link #startProblem()}. */
    static TestVideo start(ExtensionContext context, VideoSettings.Record choice, EvidenceSettings.Plan plan) {
        // The still capture's words for an unset device offer the only attached device; video has no such rule.
        SettingTerms terms = plan.values().text(RequestField.DEVICE) == null
                ? plan.terms().with(RequestField.DEVICE, EvidenceSettings.unsetVideoDevice()) : plan.terms();
        EvidenceVideo video = new EvidenceVideo(VideoDependencies.defaults().withEnvironment(plan.environment()), terms);
        VideoStartCommand command = VideoStartCommand.builder()
                .deviceSerial(plan.values().text(RequestField.DEVICE))
                .operatorPackage(plan.values().text(RequestField.OPERATOR_PACKAGE))
                .durationSeconds(choice.durationSeconds())
                .label(FailureContext.label(FailureContext.subject(context), SUFFIX))
                .context(FailureContext.test(context))
                .build();
        return new TestVideo(video, choice.mode(), video.start(command).result());
    }

    /** What to report when the recording did not start (no scrcpy, ffmpeg too old, device busy...). */
    Optional<VideoReport> startProblem() {
        return started.ok() ? Optional.empty() : Optional.of(VideoReport.of(started));
    }

    /** True when start made a bundle, which then has to be stopped and kept or discarded. */
    boolean hasBundle() {
        return started.manifestPath() != null;
    }

    /** Stops the recording and waits until its session has settled (or {@link #SETTLE_LIMIT} passed). */
    synchronized void stop() {
        if (settled != null || !hasBundle()) {
            return;
        }
        long deadline = System.nanoTime() + SETTLE_LIMIT.toNanos();
        CommandResult result = video.stop(SessionRef.manifestPath(started.manifestPath())).result();
        while (UNSETTLED.contains(result.status()) && System.nanoTime() - deadline < 0) {
            // Each stop itself waits up to 15 s for finalization: the loop never spins.
            result = video.stop(SessionRef.manifestPath(started.manifestPath())).result();
        }
        settled = result;
    }

    /** Whether the test's verdict keeps this bundle: always, or on-failure for a failed test. */
    boolean keptFor(boolean testFailed) {
        return mode == VideoSettings.Mode.ALWAYS || testFailed;
    }

    /** The settled bundle, as published for a kept recording. */
    VideoReport report() {
        stop();
        return VideoReport.of(settled == null ? started : settled);
    }

    /**
     * Removes the bundle of a passing test, only once its session has settled and needs no recovery;
     * empty when it is gone, else what to report about the bundle that stays.
     */
    Optional<VideoReport> discard() {
        VideoReport report = report();
        if (!hasBundle()) {
            return Optional.empty();
        }
        if (!TERMINAL.contains(report.status()) || ErrorCodes.EVIDENCE_RECOVERY_REQUIRED.equals(report.code())) {
            return Optional.of(report.kept(report.code() == null ? ErrorCodes.COMMAND_TIMEOUT : report.code(),
                    "the passing test's video bundle is kept: its session is " + report.status()
                            + (report.message() == null ? "" : " (" + report.message() + ")")));
        }
        BundleShelf.Removal removal = EvidencePrune.removeBundle(Path.of(started.manifestPath()).getParent());
        if (removal instanceof BundleShelf.Removal.Removed) {
            return Optional.empty();
        }
        return Optional.of(report.kept(ErrorCodes.STORAGE_FAILED,
                "the passing test's video bundle could not be discarded: " + removal));
    }
}
