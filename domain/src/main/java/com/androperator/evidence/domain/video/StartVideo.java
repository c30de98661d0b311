package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import com.androperator.evidence.domain.policy.DeviceFacts;
import com.androperator.evidence.domain.policy.MetadataField;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostDependencyCheck;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostTools;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.video.WorkerLauncher.Spawn;
import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Video start (spec "Managed video"): validate ({@link VideoStartValidation}), check host
 * dependencies before any lock or directory exists, select the explicit device and read its facts
 * ({@link DeviceFacts}, as a still capture does) and geometry, check the lock directory, take the
 * device lock ({@link DeviceLockAcquisition}), reserve the bundle, save session.json and the
 * starting manifest, spawn the detached worker, and wait at most five seconds for the live
 * recorder to open its capture file ({@link StartAcknowledgement}).
 */
public final class StartVideo {
    private static final SecureRandom NONCES = new SecureRandom();

    private final StartPorts ports;
    private final String cliVersion;
    private final @Nullable String adbPath;
    private final Map<String, String> workerEnvironment;
    private final DeviceLockAcquisition lock;
    private final StartAcknowledgement acknowledgement;
    private final CallerTerms terms;

    /**
     * @param adbPath           absolute adb that scrcpy must use (the one reaching the same server), or null
     * @param workerEnvironment the startup environment the detached worker inherits (PATH, HOME, adb server settings)
     * @param terms             the calling edge's names for the request's fields, in which refusals are worded
     */
    public StartVideo(StartPorts ports, String cliVersion, @Nullable String adbPath,
                      Map<String, String> workerEnvironment, CallerTerms terms) {
        this.ports = ports;
        this.cliVersion = cliVersion;
        this.adbPath = adbPath;
        this.workerEnvironment = Map.copyOf(workerEnvironment);
        this.terms = java.util.Objects.requireNonNull(terms, "terms");
        this.lock = new DeviceLockAcquisition(ports, terms);
        this.acknowledgement = new StartAcknowledgement(ports);
    }

    public StartOutcome execute(VideoStartCommand command) {
        Checked<VideoStartValidation.Validated> validated = VideoStartValidation.validate(terms, command, ports.store());
        if (validated instanceof Checked.Rejected<VideoStartValidation.Validated> rejected) {
            return new SessionOutcome.Refused(rejected.failure());
        }
        VideoStartValidation.Validated request = Objects.requireNonNull(validated.valueOrNull(), "an accepted request");

        HostDependencyCheck dependencies = ports.dependencies().check();
        if (dependencies instanceof HostDependencyCheck.Unmet unmet) {
            return HostDependencyReport.refusal(unmet.problems(), terms.doctorCommand(request.serial()));
        }
        HostTools tools = ((HostDependencyCheck.Satisfied) dependencies).tools();

        Deadline deviceWork = Deadline.after(ports.monotonicClock(), VideoLimits.START_DEVICE_WORK_MILLIS);
        DeviceSelection selection = ports.devices().select(Optional.of(request.serial()), deviceWork);
        if (selection instanceof DeviceSelection.Refused refused) {
            return new SessionOutcome.Refused(refused.failure(), refused.hint().render(terms::field));
        }
        // Video never talks to the Operator; its version is read only when a package was named.
        DeviceFacts.Facts facts = new DeviceFacts(ports.metadata()).read(request.serial(), request.operatorPackage(),
                cliVersion, deviceWork);
        DeviceInfo device = facts.device();
        List<BundleError> metadataErrors = facts.errors();
        if (device.display().width() == null || device.display().height() == null) {
            BundleError why = metadataErrors.stream().filter(e -> e.component() != null
                    && e.component().equals(MetadataField.DISPLAY_SIZE.component())).findFirst().orElse(null);
            // The display read's code in the reference vocabulary; its specific reason is in the message.
            return new SessionOutcome.Refused(Failure.of(why == null ? ErrorCodes.EVIDENCE_CAPTURE_FAILED : why.code(),
                    "Video start needs the current display size to choose the recording size, but it could not be read"
                            + (why == null ? "." : ": " + why.message())),
                    "Check that the device is online and responsive (adb shell wm size), then retry.");
        }
        VideoSize display = VideoSizing.currentOrientation(device.display().width(), device.display().height(),
                device.display().rotation());
        Checked<VideoSize> checkedSize = request.size() == null ? Checked.accepted(VideoSizing.defaultFor(display))
                : VideoSizing.requested(terms, request.size(), display);
        if (checkedSize instanceof Checked.Rejected<VideoSize> rejected) {
            return new SessionOutcome.Refused(rejected.failure());
        }
        VideoSize size = Objects.requireNonNull(checkedSize.valueOrNull(), "an accepted size");

        Optional<SessionOutcome.Refused> unusableLocks = lock.checkDirectory();
        if (unusableLocks.isPresent()) {
            return unusableLocks.get();
        }
        String sessionId = ports.ids().newEvidenceId();
        String nonce = HexFormat.of().formatHex(randomBytes());
        Path bundleDir = request.explicitDir();
        if (bundleDir == null) {
            Checked<Path> managedDir = ports.managedRoot().prepare().map(root -> root.resolve(sessionId));
            if (managedDir instanceof Checked.Rejected<Path> rejected) {
                return new SessionOutcome.Refused(rejected.failure());
            }
            bundleDir = Objects.requireNonNull(managedDir.valueOrNull(), "an accepted bundle directory");
        }
        Instant created = ports.wallClock().now();
        LockClaim claim = new LockClaim(sessionId, nonce, bundleDir.toString(), request.serial(), created.toString());
        DeviceLockAcquisition.Locked locked = lock.acquire(request.serial(), claim);
        if (locked instanceof DeviceLockAcquisition.Locked.Refused refused) {
            return refused.refusal();
        }
        Path lockPath = ((DeviceLockAcquisition.Locked.Acquired) locked).lockPath();

        if (ports.store().reserve(bundleDir) instanceof BundleStore.Reservation.Refused refused) {
            ports.locks().release(lockPath, nonce);
            return new SessionOutcome.Refused(refused.failure());
        }
        Path manifestPath = bundleDir.resolve(BundleFileNames.MANIFEST);
        VideoSession session = new VideoSession(VideoSession.SCHEMA_VERSION, sessionId, nonce, VideoSession.SCRCPY,
                new VideoSession.Target(request.serial(), request.operatorPackage()), bundleDir.toString(),
                manifestPath.toString(), lockPath.toString(), request.duration(), size, created.toString(),
                created.plusSeconds(request.duration()).plusMillis(VideoLimits.WORKER_DURATION_SLACK_MILLIS).toString(),
                new VideoSession.Tools(tools.scrcpy(), tools.ffmpeg(), tools.ffprobe(), adbPath),
                new SessionState.AwaitingWorker(created.toString()));
        if (ports.states().saveSession(bundleDir, session) instanceof Saved.NotWritten notWritten) {
            ports.locks().release(lockPath, nonce);
            return new SessionOutcome.Refused(notWritten.failure());
        }
        VideoBundleFiles bundle = ports.bundles().apply(bundleDir);
        Manifest starting = new Manifest(Manifest.SCHEMA_VERSION, sessionId, request.label(), request.context(), device,
                created.toString(), null, BundleStatus.STARTING, List.of(), metadataErrors,
                new VideoInfo(request.duration(), 0, null, size, null, VideoManifests.CODEC, null));
        if (bundle.finalizeManifest(starting) instanceof StoreResult.StoreFailed failed) {
            ports.locks().release(lockPath, nonce);
            return new SessionOutcome.Refused(preflightUnwritable(failed.failure(), manifestPath));
        }

        Spawn spawn = ports.workers().spawn(bundleDir.resolve(VideoSession.FILE_NAME),
                ports.workerLogs().workerLog(bundleDir), workerEnvironment);
        if (spawn instanceof Spawn.SpawnFailed spawnFailed) {
            return acknowledgement.spawnFailed(session, bundle, starting, lockPath, spawnFailed.failure().message());
        }
        return acknowledgement.awaitRecording(((Spawn.Spawned) spawn).process(), session, bundle, starting, lockPath,
                manifestPath);
    }

    /**
     * The starting manifest is the last bundle write of the storage preflight: a failure to write it
     * is EVIDENCE_STORAGE_UNWRITABLE with the documented path, causeCode, message and recovery, like
     * every other preflight write (the bundle store's own STORAGE_FAILED is kept for later writes).
     */
    private static Failure preflightUnwritable(Failure failure, Path manifestPath) {
        if (ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE.equals(failure.code())) {
            return failure;
        }
        Optional<StorageCause> cause = failure.storageCauseIfAny();
        String path = cause.map(StorageCause::path).orElse(manifestPath.toString());
        String causeCode = cause.map(StorageCause::causeCode).orElse(failure.code());
        Details details = Details.builder().text(DetailKey.PATH, path).text(DetailKey.CAUSE_CODE, causeCode)
                .text(DetailKey.MESSAGE, cause.map(StorageCause::cause).orElse(failure.message()))
                .text(DetailKey.RECOVERY, "Make the bundle directory writable, or start a new recording in a new, "
                        + "writable directory; no permissions are changed automatically.").build();
        return new Failure(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, failure.message(), details, null, null,
                cause.map(known -> new StorageCause(path, known.causeCode(), null)).orElse(null));
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[16];
        NONCES.nextBytes(bytes);
        return bytes;
    }
}
