package com.androperator.evidence.api;

import com.androperator.evidence.adapters.adb.AdbDeviceMetadata;
import com.androperator.evidence.adapters.adb.AdbDeviceSelector;
import com.androperator.evidence.adapters.adb.AdbOperatorGateway;
import com.androperator.evidence.adapters.adb.AdbScreenshotSource;
import com.androperator.evidence.adapters.adb.AdbServerClient;
import com.androperator.evidence.adapters.fs.EvidenceRoots;
import com.androperator.evidence.adapters.fs.FileBundleShelf;
import com.androperator.evidence.adapters.fs.FileBundleStore;
import com.androperator.evidence.adapters.fs.ManagedBundleRoot;
import com.androperator.evidence.adapters.fs.UrandomIds;
import com.androperator.evidence.adapters.fs.video.FileVideoBundle;
import com.androperator.evidence.adapters.fs.video.JsonSessionStore;
import com.androperator.evidence.adapters.fs.video.PosixDeviceLocks;
import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.adapters.media.XmlHierarchyVerifier;
import com.androperator.evidence.adapters.media.video.HostDependencyChecker;
import com.androperator.evidence.adapters.media.video.VideoMediaToolkit;
import com.androperator.evidence.api.video.DetachedWorkerLauncher;
import com.androperator.evidence.api.video.HostProcessIdentity;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.capture.CaptureEvidence;
import com.androperator.evidence.domain.capture.CapturePorts;
import com.androperator.evidence.domain.capture.CaptureScheduling;
import com.androperator.evidence.domain.port.ManagedBundles;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.prune.BundleShelf;
import com.androperator.evidence.domain.port.video.HostDependencyProbe;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import com.androperator.evidence.domain.video.SessionPorts;
import com.androperator.evidence.domain.video.StartPorts;
import com.androperator.evidence.domain.video.StartVideo;
import com.androperator.evidence.domain.video.VideoSessions;
import com.androperator.evidence.domain.video.VideoWorker;
import com.androperator.evidence.domain.video.WorkerPorts;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The one place where real adapters are chosen and wired: the still-capture ports, the video start,
 * session and worker ports, and the evidence root. The CLI and MCP edges never name an adapter; they
 * call {@link EvidenceCapture} and {@link com.androperator.evidence.api.video.EvidenceVideo}, which
 * ask here for their ports, as the detached {@link com.androperator.evidence.api.video.VideoWorkerMain}
 * does. Public only for {@code api.video}; it is not part of the Java API.
 */
public final class CompositionRoot {
    private CompositionRoot() {
    }

    /** Evidence ids in production: random UUIDs from the kernel's source (the dependencies' default). */
    public static IdSource ids() {
        return UrandomIds.SYSTEM;
    }

    /** Real adapters for every port the dependencies do not replace. */
    static CapturePorts capturePorts(CaptureDependencies dependencies) {
        // One stateless client per request, reading the adb server address from the caller's environment.
        AdbServerClient adb = new AdbServerClient(dependencies.environment());
        return new CapturePorts(
                or(dependencies.devices(), () -> new AdbDeviceSelector(adb)),
                or(dependencies.screenshots(), () -> new AdbScreenshotSource(adb)),
                or(dependencies.operator(), () -> new AdbOperatorGateway(adb)),
                or(dependencies.metadata(), () -> new AdbDeviceMetadata(adb)),
                or(dependencies.images(), PngVerifier::new),
                or(dependencies.hierarchies(), XmlHierarchyVerifier::new),
                or(dependencies.store(), FileBundleStore::new),
                managedBundles(dependencies),
                dependencies.wallClock(),
                dependencies.monotonicClock(),
                dependencies.ids());
    }

    /**
     * The evidence root, one rule for still and video ("Evidence storage configuration"):
     * ANDROPERATOR_EVIDENCE_DIR when set (empty, whitespace-only or malformed values are
     * EXECUTION_VALIDATION_FAILED; a relative value is resolved against {@code workingDirectory}),
     * else {@code ~/.androperator/evidence}, where {@code ~} is the caller's HOME as a shell expands
     * it (relative against {@code workingDirectory}) and, when HOME is unset or blank,
     * {@code accountHome} (the OS account's home, the JVM's {@code user.home}). Nothing is touched
     * on disk.
     */
    public static Checked<Path> evidenceRoot(Map<String, String> environment, Path accountHome, Path workingDirectory) {
        EvidenceRoots.Resolution resolution = EvidenceRoots.resolveForCaller(environment, accountHome, workingDirectory);
        if (resolution instanceof EvidenceRoots.Resolution.Invalid invalid) {
            return Checked.rejected(invalid.failure());
        }
        return Checked.accepted(((EvidenceRoots.Resolution.Resolved) resolution).evidenceRoot());
    }

    /** {@link #evidenceRoot} with the JVM's {@code user.home} as the account's home. */
    public static Checked<Path> evidenceRoot(Map<String, String> environment, Path workingDirectory) {
        return evidenceRoot(environment, accountHome(), workingDirectory);
    }

    /** The {@code bundles/} directory under an evidence root. */
    public static Path bundlesRoot(Path evidenceRoot) {
        return new EvidenceRoots.Resolution.Resolved(evidenceRoot).bundlesRoot();
    }

    /**
     * Where managed still bundles go: the dependencies' bundlesRoot as it is (against their working
     * directory), else {@code <evidence root>/bundles} by the one evidence-root rule.
     */
    static ManagedBundles managedBundles(CaptureDependencies dependencies) {
        if (dependencies.bundlesRoot() != null) {
            return ManagedBundleRoot.chosen(dependencies.bundlesRoot(), dependencies.workingDirectory());
        }
        return ManagedBundleRoot.underEvidenceRoot(dependencies.environment(), accountHome(),
                dependencies.workingDirectory());
    }

    /** The still-capture use case with the real adapters the dependencies do not replace. */
    static CaptureEvidence stillCapture(CaptureDependencies dependencies) {
        return new CaptureEvidence(capturePorts(dependencies), AndroperatorVersion.current(), dependencies.toolName(),
                dependencies.environment(), CaptureScheduling.OVERLAPPED);
    }

    private static Path accountHome() {
        return Path.of(System.getProperty("user.home"));
    }

    static BundleShelf bundleShelf() {
        return new FileBundleShelf();
    }

    /** The managed video root, created and proven writable only when the start's storage preflight asks. */
    public static ManagedBundlesRoot managedBundlesRoot(Path evidenceRoot) {
        return () -> prepared(evidenceRoot);
    }

    private static Checked<Path> prepared(Path evidenceRoot) {
        EvidenceRoots.Preparation preparation = EvidenceRoots.prepareBundlesRoot(evidenceRoot);
        if (preparation instanceof EvidenceRoots.Preparation.Refused refused) {
            return Checked.rejected(refused.failure());
        }
        return Checked.accepted(((EvidenceRoots.Preparation.Ready) preparation).bundlesRoot());
    }

    /** Video start with real adapters: host tools, the device, locks, bundle store, session store, worker. */
    public static StartVideo startVideo(VideoDependencies dependencies, ManagedBundlesRoot managedRoot,
                                        CallerTerms terms) {
        Map<String, String> environment = dependencies.environment();
        AdbServerClient adb = new AdbServerClient(environment);
        JsonSessionStore sessions = new JsonSessionStore();
        StartPorts ports = new StartPorts(hostDependencies(environment), new AdbDeviceSelector(adb),
                new AdbDeviceMetadata(adb), locks(dependencies.lockDirectory()), new FileBundleStore(), managedRoot,
                sessions, sessions, sessions, sessions, FileVideoBundle::new, workerLauncher(dependencies), dependencies.wallClock(),
                dependencies.monotonicClock(), dependencies.ids(), dependencies.pause(), new HostProcessIdentity());
        String adbPath = adb.adbOnPath().map(Path::toString).orElse(null);
        return new StartVideo(ports, AndroperatorVersion.current(), adbPath, environment, terms);
    }

    /** Video status and stop with real adapters. */
    public static VideoSessions videoSessions(VideoDependencies dependencies, CallerTerms terms) {
        JsonSessionStore store = new JsonSessionStore();
        return new VideoSessions(new SessionPorts(store, store, store, FileVideoBundle::new,
                new HostProcessIdentity(), dependencies.wallClock(), dependencies.monotonicClock(), dependencies.ids(),
                dependencies.pause()), terms);
    }

    /** The host.video.dependencies check (scrcpy, ffmpeg, ffprobe on the environment's PATH). */
    public static HostDependencyProbe hostDependencies(Map<String, String> environment) {
        return new HostDependencyChecker(environment);
    }

    /**
     * The detached worker of the session saved in {@code bundleDir}, with the paths saved there (the
     * lock directory among them) and the environment it inherited; empty when session.json is
     * missing or unreadable.
     */
    public static Optional<VideoWorker> videoWorker(Path bundleDir, Map<String, String> environment) {
        JsonSessionStore sessions = new JsonSessionStore();
        if (!(sessions.readSession(bundleDir) instanceof SessionRead.Found found)) {
            return Optional.empty();
        }
        Path lockDirectory = Path.of(found.session().lockPath()).getParent();
        WorkerPorts ports = new WorkerPorts(sessions, sessions, sessions, sessions, FileVideoBundle::new, locks(lockDirectory),
                new VideoMediaToolkit(environment), new HostProcessIdentity(), WallClock.SYSTEM, MonotonicClock.SYSTEM,
                Pause.SYSTEM, environment);
        return Optional.of(new VideoWorker(ports));
    }

    /** The fixed per-user lock directory, or {@code lockDirectory} (tests, the worker's saved one). */
    private static PosixDeviceLocks locks(@Nullable Path lockDirectory) {
        return lockDirectory == null ? PosixDeviceLocks.forCurrentUser()
                : new PosixDeviceLocks(lockDirectory, PosixDeviceLocks.currentUid());
    }

    private static WorkerLauncher workerLauncher(VideoDependencies dependencies) {
        if (dependencies.workerLauncher() != null) {
            return dependencies.workerLauncher();
        }
        if (dependencies.javaExecutable() == null && dependencies.classPath() == null) {
            return DetachedWorkerLauncher.sameJvm();
        }
        return new DetachedWorkerLauncher(
                dependencies.javaExecutable() != null ? dependencies.javaExecutable()
                        : Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                dependencies.classPath() != null ? dependencies.classPath() : System.getProperty("java.class.path"));
    }

    private static <T> T or(@Nullable T replacement, Supplier<T> real) {
        return replacement != null ? replacement : real.get();
    }
}
