package com.androperator.evidence.api.video;

import com.androperator.evidence.adapters.adb.AdbDeviceMetadata;
import com.androperator.evidence.adapters.adb.AdbDeviceSelector;
import com.androperator.evidence.adapters.adb.AdbServerClient;
import com.androperator.evidence.adapters.fs.EvidenceRoots;
import com.androperator.evidence.adapters.fs.FileBundleStore;
import com.androperator.evidence.adapters.fs.video.FileVideoBundle;
import com.androperator.evidence.adapters.fs.video.JsonSessionStore;
import com.androperator.evidence.adapters.fs.video.PosixDeviceLocks;
import com.androperator.evidence.adapters.media.video.HostDependencyChecker;
import com.androperator.evidence.api.AndroperatorVersion;
import com.androperator.evidence.api.JavaTerms;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.CallerTerms;
import com.androperator.evidence.domain.policy.Checked;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.video.HostDependencyProbe.HostDependencyCheck;
import com.androperator.evidence.domain.video.HostDependencyReport;
import com.androperator.evidence.domain.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.video.SessionPorts;
import com.androperator.evidence.domain.video.StartPorts;
import com.androperator.evidence.domain.video.StartVideo;
import com.androperator.evidence.domain.video.VideoResults;
import com.androperator.evidence.domain.video.VideoSessions;
import com.androperator.evidence.domain.video.VideoStartCommand;
import com.androperator.evidence.domain.video.WorkerLauncher;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The Java API of managed video, and its composition root: start, status, stop and the doctor's
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
        EvidenceRoots.Resolution resolution = resolveRoot();
        if (resolution instanceof EvidenceRoots.Resolution.Invalid invalid) {
            return new VideoOutcome(VideoOutcome.Operation.START, VideoResults.refused(invalid.failure(),
                    request.outputDir() == null ? null : "Video start checks " + EvidenceRoots.VARIABLE
                            + " even with an explicit output directory (it is not used for that bundle): unset it, "
                            + "or set it to an evidence directory."));
        }
        ManagedBundlesRoot managedRoot;
        if (request.outputDir() == null) {
            // Created only at the storage preflight.
            Path evidenceRoot = ((EvidenceRoots.Resolution.Resolved) resolution).evidenceRoot();
            managedRoot = () -> prepared(EvidenceRoots.prepareBundlesRoot(evidenceRoot));
        } else {
            managedRoot = () -> Checked.rejected(Failure.of(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                    "an explicit output directory has no managed root"));
        }
        AdbServerClient adb = new AdbServerClient(environment);
        StartPorts ports = new StartPorts(new HostDependencyChecker(environment), new AdbDeviceSelector(adb),
                new AdbDeviceMetadata(adb), locks(), new FileBundleStore(), managedRoot, new JsonSessionStore(),
                FileVideoBundle::new, launcher(), dependencies.wallClock(), dependencies.monotonicClock(),
                dependencies.ids(), dependencies.pause(), new HostProcessIdentity());
        String adbPath = adb.adbOnPath().map(Path::toString).orElse(null);
        StartVideo startVideo = new StartVideo(ports, AndroperatorVersion.current(), adbPath, environment, terms);
        // The device as for a still capture: the explicit serial, else ANDROID_SERIAL (video needs one of them).
        Checked<String> device = StandardSelection.device(terms, request.deviceSerial(), environment);
        if (device.rejection().isPresent()) {
            return new VideoOutcome(VideoOutcome.Operation.START, VideoResults.refused(device.rejection().get(), null));
        }
        CommandResult result = startVideo.execute(request.withDeviceSerial(device.valueOrNull()));
        return new VideoOutcome(VideoOutcome.Operation.START, result);
    }

    /** evidence video status / evidence_video_status / videoStatus. */
    public VideoOutcome status(SessionRef session) {
        return new VideoOutcome(VideoOutcome.Operation.STATUS, resolve(session, null));
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
        return new VideoOutcome(VideoOutcome.Operation.STOP, resolve(session, progress));
    }

    /** The advisory host.video.dependencies check; it installs nothing and does not need the device. */
    public DoctorReport doctor(Optional<String> device) {
        HostDependencyCheck check = new HostDependencyChecker(dependencies.environment()).check();
        if (check instanceof HostDependencyCheck.Unmet unmet) {
            return new DoctorReport(List.of(new DoctorReport.Check(DOCTOR_CHECK, "warn", true,
                    HostDependencyReport.message(unmet.problems()), HostDependencyReport.details(unmet.problems()),
                    HostDependencyReport.hint(terms.doctorCommand(device.orElse(null))))));
        }
        return new DoctorReport(List.of(new DoctorReport.Check(DOCTOR_CHECK, "pass", true,
                "scrcpy, ffmpeg (6.1+, libx264 probe passed) and ffprobe are usable on PATH"
                        + device.map(serial -> "; this checks host tooling only, not whether " + serial
                        + " can encode or record its screen").orElse("; this checks host tooling only"),
                Map.of(), null)));
    }

    /** Status when {@code stopProgress} is null, else stop reporting to it. */
    private CommandResult resolve(SessionRef session, VideoSessions.StopProgress stopProgress) {
        VideoSessions sessions = new VideoSessions(new SessionPorts(new JsonSessionStore(), FileVideoBundle::new,
                new HostProcessIdentity(), dependencies.wallClock(), dependencies.monotonicClock(), dependencies.ids(),
                dependencies.pause()), terms);
        Path manifestPath;
        VideoSessions.ExpectedTarget expected = VideoSessions.ExpectedTarget.NONE;
        if (session instanceof SessionRef.ManifestPath byPath) {
            try {
                manifestPath = Path.of(byPath.manifestPath() == null ? "" : byPath.manifestPath());
            } catch (InvalidPathException e) {
                return VideoResults.sessionNotFound("No video session at \"" + byPath.manifestPath()
                        + "\": it is not a valid path.");
            }
            expected = new VideoSessions.ExpectedTarget(byPath.expectedDevice(), byPath.expectedOperatorPackage());
        } else {
            String sessionId = ((SessionRef.SessionId) session).sessionId();
            if (sessionId == null || !SESSION_ID.matcher(sessionId).matches()) {
                return VideoResults.sessionNotFound("\"" + sessionId + "\" is not a session id.");
            }
            EvidenceRoots.Resolution resolution = resolveRoot();
            if (resolution instanceof EvidenceRoots.Resolution.Invalid invalid) {
                return VideoResults.refused(invalid.failure(), null);
            }
            manifestPath = ((EvidenceRoots.Resolution.Resolved) resolution).bundlesRoot().resolve(sessionId)
                    .resolve(VideoSessions.MANIFEST);
        }
        return stopProgress == null ? sessions.status(manifestPath, expected)
                : sessions.stop(manifestPath, expected, stopProgress);
    }

    private EvidenceRoots.Resolution resolveRoot() {
        if (dependencies.baseDir() != null) {
            return new EvidenceRoots.Resolution.Resolved(
                    dependencies.workingDirectory().resolve(dependencies.baseDir()).normalize());
        }
        Map<String, String> environment = dependencies.environment();
        Path home = Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")));
        return EvidenceRoots.resolve(environment, home, dependencies.workingDirectory());
    }

    private static Checked<Path> prepared(EvidenceRoots.Preparation preparation) {
        if (preparation instanceof EvidenceRoots.Preparation.Ready ready) {
            return Checked.accepted(ready.bundlesRoot());
        }
        return Checked.rejected(((EvidenceRoots.Preparation.Refused) preparation).failure());
    }

    private PosixDeviceLocks locks() {
        return dependencies.lockDirectory() == null ? PosixDeviceLocks.forCurrentUser()
                : new PosixDeviceLocks(dependencies.lockDirectory(), PosixDeviceLocks.currentUid());
    }

    private WorkerLauncher launcher() {
        if (dependencies.workerLauncher() != null) {
            return dependencies.workerLauncher();
        }
        DetachedWorkerLauncher same = DetachedWorkerLauncher.sameJvm();
        if (dependencies.javaExecutable() == null && dependencies.classPath() == null) {
            return same;
        }
        return new DetachedWorkerLauncher(
                dependencies.javaExecutable() != null ? dependencies.javaExecutable()
                        : Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                dependencies.classPath() != null ? dependencies.classPath() : System.getProperty("java.class.path"));
    }
}
