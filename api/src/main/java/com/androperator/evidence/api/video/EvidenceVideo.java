package com.androperator.evidence.api.video;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.adapters.fs.EvidenceRoots;
import com.androperator.evidence.api.CompositionRoot;
import com.androperator.evidence.api.JavaTerms;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.policy.CallerText;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostDependencyCheck;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.video.HostDependencyReport;
import com.androperator.evidence.domain.video.SessionOutcome;
import com.androperator.evidence.domain.video.StartVideo;
import com.androperator.evidence.domain.video.VideoResults;
import com.androperator.evidence.domain.video.VideoSessions;
import com.androperator.evidence.domain.video.VideoStartCommand;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The Java API of managed video (its adapters come from {@link CompositionRoot}): start, status, stop and the doctor's
 * host.video.dependencies check. CLI and MCP edges call this and render its {@link VideoOutcome}.
 * Every call reads the environment it was built with; nothing here is cached between calls.
 */
public final class EvidenceVideo {
    public static final String DOCTOR_CHECK = "host.video.dependencies";
    private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,127}");

    private final VideoDependencies dependencies;
    private final CallerTerms terms;

    /** Refusals name the request fields as the Java API does ({@link JavaTerms}). */
    public EvidenceVideo(VideoDependencies dependencies) {
        this(dependencies, JavaTerms.INSTANCE);
    }

    /** {@code terms}: the calling edge's names for the request fields, in which refusals say what to fix. */
    public EvidenceVideo(VideoDependencies dependencies, CallerTerms terms) {
        this.dependencies = dependencies;
        this.terms = java.util.Objects.requireNonNull(terms, "terms");
    }

    /** The same video API speaking in {@code otherTerms} (the CLI's options, the MCP arguments). */
    public EvidenceVideo withTerms(CallerTerms otherTerms) {
        return new EvidenceVideo(dependencies, otherTerms);
    }

    public static EvidenceVideo withDefaults() {
        return new EvidenceVideo(VideoDependencies.defaults());
    }

    /** evidence video start / evidence_video_start / startVideo. */
    public VideoOutcome start(VideoStartCommand request) {
        Map<String, String> environment = dependencies.environment();
        // The video state preflight reads the root once, at request entry, also for an explicit
        // output directory: an empty, whitespace-only or malformed ANDROPERATOR_EVIDENCE_DIR is refused
        // before anything is created. An explicit directory then does not use the root at all:
        // nothing is created or written under it (the bundle, session.json and control/ live in the
        // output directory, the lock in the fixed lock directory).
        Checked<Path> evidenceRoot = evidenceRoot();
        if (evidenceRoot instanceof Checked.Rejected<Path> invalid) {
            return rendered(VideoOutcome.Operation.START, new SessionOutcome.Refused(invalid.failure(),
                    request.outputDir() == null ? null : "Video start checks " + EvidenceRoots.VARIABLE
                            + " even with an explicit output directory (it is not used for that bundle): unset it, "
                            + "or set it to an evidence directory."));
        }
        // Created only at the storage preflight.
        ManagedBundlesRoot managedRoot = request.outputDir() == null
                ? CompositionRoot.managedBundlesRoot(
                        Objects.requireNonNull(evidenceRoot.valueOrNull(), "an evidence root"))
                : () -> Checked.rejected(Failure.of(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                        "an explicit output directory has no managed root"));
        StartVideo startVideo = CompositionRoot.startVideo(dependencies, managedRoot, terms);
        // The device as for a still capture: the explicit serial, else ANDROID_SERIAL (video needs one of them).
        Checked<String> device = StandardSelection.device(terms, request.deviceSerial(), environment);
        if (device.rejection().isPresent()) {
            return rendered(VideoOutcome.Operation.START, new SessionOutcome.Refused(device.rejection().get()));
        }
        return rendered(VideoOutcome.Operation.START, startVideo.execute(request.withDeviceSerial(device.valueOrNull())));
    }

    /** evidence video status / evidence_video_status / videoStatus. */
    public VideoOutcome status(SessionRef session) {
        return rendered(VideoOutcome.Operation.STATUS, resolve(session, null));
    }

    /** evidence video stop / evidence_video_stop / stopVideo. */
    public VideoOutcome stop(SessionRef session) {
        return stop(session, VideoSessions.StopProgress.NONE);
    }

    /**
     * The same stop; while it waits, {@code progress} hears the session's status and, while it
     * finalizes, the worker's progress (elapsed time, frames decoded and encoded, an estimate) on
     * every poll, about ten times a second, on the calling thread.
     */
    public VideoOutcome stop(SessionRef session, VideoSessions.StopProgress progress) {
        return rendered(VideoOutcome.Operation.STOP, resolve(session, progress));
    }

    /** The advisory host.video.dependencies check; it installs nothing and does not need the device. */
    public DoctorReport doctor(Optional<String> device) {
        HostDependencyCheck check = CompositionRoot.hostDependencies(dependencies.environment()).check();
        if (check instanceof HostDependencyCheck.Unmet unmet) {
            return new DoctorReport(List.of(new DoctorReport.Check(DOCTOR_CHECK, "warn", true,
                    HostDependencyReport.message(unmet.problems()), HostDependencyReport.details(unmet.problems()).asMap(),
                    HostDependencyReport.hint(terms.doctorCommand(device.orElse(null))))));
        }
        return new DoctorReport(List.of(new DoctorReport.Check(DOCTOR_CHECK, "pass", true,
                "scrcpy, ffmpeg (6.1+, libx264 probe passed) and ffprobe are usable on PATH"
                        + device.map(serial -> "; this checks host tooling only, not whether " + serial
                        + " can encode or record its screen").orElse("; this checks host tooling only"),
                Map.of(), null)));
    }

    /** Status when {@code stopProgress} is null, else stop reporting to it. */
    private SessionOutcome resolve(SessionRef session, VideoSessions.@Nullable StopProgress stopProgress) {
        VideoSessions sessions = CompositionRoot.videoSessions(dependencies, terms);
        Path manifestPath;
        VideoSessions.ExpectedTarget expected = VideoSessions.ExpectedTarget.NONE;
        if (session instanceof SessionRef.ManifestPath byPath) {
            try {
                manifestPath = Path.of(byPath.manifestPath() == null ? "" : byPath.manifestPath());
            } catch (InvalidPathException e) {
                return VideoResults.sessionNotFound("No video session at \""
                        + CallerText.printable(byPath.manifestPath()) + "\": it is not a valid path.");
            }
            expected = new VideoSessions.ExpectedTarget(byPath.expectedDevice(), byPath.expectedOperatorPackage());
        } else {
            String sessionId = ((SessionRef.SessionId) session).sessionId();
            if (sessionId == null || !SESSION_ID.matcher(sessionId).matches()) {
                return VideoResults.sessionNotFound("\"" + CallerText.printable(sessionId) + "\" is not a session id.");
            }
            Checked<Path> evidenceRoot = evidenceRoot();
            if (evidenceRoot instanceof Checked.Rejected<Path> invalid) {
                return new SessionOutcome.Refused(invalid.failure());
            }
            Path root = Objects.requireNonNull(evidenceRoot.valueOrNull(), "an evidence root");
            manifestPath = CompositionRoot.bundlesRoot(root).resolve(sessionId).resolve(VideoSessions.MANIFEST);
        }
        return stopProgress == null ? sessions.status(manifestPath, expected)
                : sessions.stop(manifestPath, expected, stopProgress);
    }

    /** This edge's answer: the use case's outcome rendered as the result object, in this caller's terms. */
    private VideoOutcome rendered(VideoOutcome.Operation operation, SessionOutcome outcome) {
        return new VideoOutcome(operation, VideoResults.render(outcome, terms));
    }

    /** The dependencies' baseDir (against their working directory), else the one evidence-root rule. */
    private Checked<Path> evidenceRoot() {
        if (dependencies.baseDir() != null) {
            return Checked.accepted(dependencies.workingDirectory().resolve(dependencies.baseDir()).normalize());
        }
        return CompositionRoot.evidenceRoot(dependencies.environment(), dependencies.workingDirectory());
    }
}
