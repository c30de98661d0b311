package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.StopReason;
import com.androperator.evidence.contracts.VideoInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.policy.BuildProperties;
import com.androperator.evidence.domain.policy.CallerTerms;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.policy.Checked;
import com.androperator.evidence.domain.policy.DeviceClassification;
import com.androperator.evidence.domain.policy.DisplayGeometry;
import com.androperator.evidence.domain.policy.MetadataField;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.port.Observation;
import com.androperator.evidence.domain.port.RequestField;
import com.androperator.evidence.domain.video.DeviceLocks.Acquisition;
import com.androperator.evidence.domain.video.DeviceLocks.DirectoryCheck;
import com.androperator.evidence.domain.video.HostDependencyProbe.HostDependencyCheck;
import com.androperator.evidence.domain.video.HostDependencyProbe.HostTools;
import com.androperator.evidence.domain.video.SessionStore.SessionRead;
import com.androperator.evidence.domain.video.VideoBundleFiles.ManifestRead;
import com.androperator.evidence.domain.video.WorkerLauncher.Spawn;
import com.androperator.evidence.domain.video.WorkerLauncher.WorkerProcess;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Video start (spec "Managed video"): validate, check host dependencies before any lock or
 * directory exists, select the explicit device and read its metadata and geometry, check the lock
 * directory, take the device lock, reserve the bundle, save session.json and the starting
 * manifest, spawn the detached worker, and wait at most five seconds for the live recorder to
 * open its capture file.
 */
public final class StartVideo {
    private static final SecureRandom NONCES = new SecureRandom();

    private final StartPorts ports;
    private final String cliVersion;
    private final String adbPath;
    private final Map<String, String> workerEnvironment;
    private final CallerTerms terms;

    /**
     * @param adbPath           absolute adb that scrcpy must use (the one reaching the same server), or null
     * @param workerEnvironment the startup environment the detached worker inherits (PATH, HOME, adb server settings)
     * @param terms             the calling edge's names for the request's fields, in which refusals are worded
     */
    public StartVideo(StartPorts ports, String cliVersion, String adbPath, Map<String, String> workerEnvironment,
                      CallerTerms terms) {
        this.ports = ports;
        this.cliVersion = cliVersion;
        this.adbPath = adbPath;
        this.workerEnvironment = Map.copyOf(workerEnvironment);
        this.terms = java.util.Objects.requireNonNull(terms, "terms");
    }

    /** {@code explicitDir} is null for a managed bundle. */
    private record Validated(Path explicitDir, String serial, String operatorPackage, int duration,
                             String size, String label, Map<String, Object> context) {
    }

    public CommandResult execute(VideoStartCommand command) {
        Checked<Validated> validated = validate(command);
        if (validated instanceof Checked.Rejected<Validated> rejected) {
            return VideoResults.refused(rejected.failure(), null);
        }
        Validated request = ((Checked.Accepted<Validated>) validated).value();

        HostDependencyCheck dependencies = ports.dependencies().check();
        if (dependencies instanceof HostDependencyCheck.Unmet unmet) {
            return HostDependencyReport.refusal(unmet.problems(), terms.doctorCommand(request.serial()));
        }
        HostTools tools = ((HostDependencyCheck.Satisfied) dependencies).tools();

        Deadline deviceWork = Deadline.after(ports.monotonicClock(), VideoLimits.START_DEVICE_WORK_MILLIS);
        DeviceSelection selection = ports.devices().select(Optional.of(request.serial()), deviceWork);
        if (selection instanceof DeviceSelection.Refused refused) {
            return VideoResults.refused(refused.failure(), refused.hint().render(terms::field));
        }
        List<BundleError> metadataErrors = new ArrayList<>();
        DeviceInfo device = readDevice(request, deviceWork, metadataErrors);
        if (device.display().width() == null || device.display().height() == null) {
            BundleError why = metadataErrors.stream().filter(e -> e.component() != null
                    && e.component().equals(MetadataField.DISPLAY_SIZE.component())).findFirst().orElse(null);
            // The display read's code in the reference vocabulary; its specific reason is in the message.
            return CommandResult.refused(why == null ? ErrorCodes.EVIDENCE_CAPTURE_FAILED : why.code(),
                    "Video start needs the current display size to choose the recording size, but it could not be read"
                            + (why == null ? "." : ": " + why.message()), null,
                    "Check that the device is online and responsive (adb shell wm size), then retry.");
        }
        VideoSize display = VideoSizing.currentOrientation(device.display().width(), device.display().height(),
                device.display().rotation());
        VideoSize size;
        if (request.size() == null) {
            size = VideoSizing.defaultFor(display);
        } else {
            Checked<VideoSize> checked = VideoSizing.requested(terms, request.size(), display);
            if (checked instanceof Checked.Rejected<VideoSize> rejected) {
                return VideoResults.refused(rejected.failure(), null);
            }
            size = ((Checked.Accepted<VideoSize>) checked).value();
        }

        if (ports.locks().checkDirectory() instanceof DirectoryCheck.Unusable unusable) {
            return VideoResults.refused(unusable.failure(), null);
        }
        String sessionId = ports.ids().newEvidenceId();
        String nonce = HexFormat.of().formatHex(randomBytes());
        Path bundleDir = request.explicitDir();
        if (bundleDir == null) {
            Checked<Path> root = ports.managedRoot().prepare();
            if (root instanceof Checked.Rejected<Path> rejected) {
                return VideoResults.refused(rejected.failure(), null);
            }
            bundleDir = ((Checked.Accepted<Path>) root).value().resolve(sessionId);
        }
        Instant created = ports.wallClock().now();
        LockClaim claim = new LockClaim(sessionId, nonce, bundleDir.toString(), request.serial(), created.toString());
        Acquisition acquisition = ports.locks().acquire(request.serial(), claim);
        HeldDevice heldDevice = new HeldDevice(ports, terms);
        // A holder that already published its terminal manifest is only releasing the lock: give it a
        // moment instead of refusing a start that follows its stop or status immediately.
        Deadline settle = Deadline.after(ports.monotonicClock(), VideoLimits.LOCK_SETTLE_MILLIS);
        while (acquisition instanceof Acquisition.Held held && heldDevice.releasing(held) && !settle.expired()) {
            ports.pause().pause(50);
            acquisition = ports.locks().acquire(request.serial(), claim);
        }
        if (acquisition instanceof Acquisition.Unusable unusable) {
            return VideoResults.refused(unusable.failure(), null);
        }
        if (acquisition instanceof Acquisition.Held held) {
            return heldDevice.refusal(request.serial(), held);
        }
        Path lockPath = ((Acquisition.Acquired) acquisition).lockPath();

        if (ports.store().reserve(bundleDir) instanceof BundleStore.Reservation.Refused refused) {
            ports.locks().release(lockPath, nonce);
            return VideoResults.refused(refused.failure(), null);
        }
        Path manifestPath = bundleDir.resolve("manifest.json");
        VideoSession session = new VideoSession(VideoSession.SCHEMA_VERSION, sessionId, nonce, VideoSession.SCRCPY,
                new VideoSession.Target(request.serial(), request.operatorPackage()), bundleDir.toString(),
                manifestPath.toString(), lockPath.toString(), request.duration(), size, created.toString(),
                created.plusSeconds(request.duration()).plusMillis(VideoLimits.WORKER_DURATION_SLACK_MILLIS).toString(),
                new VideoSession.Tools(tools.scrcpy(), tools.ffmpeg(), tools.ffprobe(), adbPath), null,
                new VideoSession.Recovery(RecoveryState.AWAITING_WORKER.wire(), null, created.toString()));
        if (ports.sessions().saveSession(bundleDir, session) instanceof SessionStore.Saved.NotWritten notWritten) {
            ports.locks().release(lockPath, nonce);
            return VideoResults.refused(notWritten.failure(), null);
        }
        VideoBundleFiles bundle = ports.bundles().apply(bundleDir);
        Manifest starting = new Manifest(Manifest.SCHEMA_VERSION, sessionId, request.label(), request.context(), device,
                created.toString(), null, BundleStatus.STARTING, List.of(), metadataErrors,
                new VideoInfo(request.duration(), 0, null, size, null, VideoManifests.CODEC, null));
        if (bundle.publishManifest(starting) instanceof VideoBundleFiles.Stored.Failed failed) {
            ports.locks().release(lockPath, nonce);
            return VideoResults.refused(preflightUnwritable(failed.failure(), manifestPath), null);
        }

        Spawn spawn = ports.workers().spawn(bundleDir.resolve(VideoSession.FILE_NAME),
                ports.sessions().workerLog(bundleDir), workerEnvironment);
        if (spawn instanceof Spawn.SpawnFailed spawnFailed) {
            return spawnFailed(session, bundle, starting, lockPath, spawnFailed.failure().message());
        }
        return awaitRecording(((Spawn.Spawned) spawn).process(), session, bundle, starting, lockPath, manifestPath);
    }

    private CommandResult awaitRecording(WorkerProcess worker, VideoSession session, VideoBundleFiles bundle,
                                         Manifest starting, Path lockPath, Path manifestPath) {
        Deadline acknowledgement = Deadline.after(ports.monotonicClock(), VideoLimits.START_ACKNOWLEDGEMENT_MILLIS);
        Path bundleDir = Path.of(session.bundleDir());
        while (true) {
            boolean workerAlive = worker.isAlive();
            Manifest current = bundle.readManifest() instanceof ManifestRead.Found found ? found.manifest() : starting;
            if (confirmsRecording(current)) {
                return VideoResults.active(current, manifestPath, session.sessionId());
            }
            if (current.isTerminal()) {
                SessionRead read = ports.sessions().readSession(bundleDir);
                if (read instanceof SessionRead.Found found
                        && found.session().recovery().value() == RecoveryState.RECOVERY_REQUIRED) {
                    return recoveryRequired(current, manifestPath, found.session(), lockPath,
                            "The video worker could not verify ownership of this session: "
                                    + found.session().recovery().reason() + ".");
                }
                return VideoResults.terminal(current, manifestPath, session.sessionId());
            }
            if (!workerAlive) {
                SessionRead read = ports.sessions().readSession(bundleDir);
                boolean claimed = read instanceof SessionRead.Found found && found.session().worker() != null;
                if (!claimed) {
                    return spawnFailed(session, bundle, starting, lockPath,
                            "the worker process exited before it claimed the session; see control/worker.log");
                }
                return recoveryRequired(current, manifestPath, ((SessionRead.Found) read).session(), lockPath,
                        "The video worker exited without finishing the session.");
            }
            if (acknowledgement.expired()) {
                ports.sessions().writeStopRequest(bundleDir, new StopRequest(ports.ids().newEvidenceId(),
                        session.nonce(), ports.wallClock().now().toString()));
                return VideoResults.startTimeout(current, manifestPath, session.sessionId());
            }
            ports.pause().pause(50);
        }
    }

    private CommandResult recoveryRequired(Manifest current, Path manifestPath, VideoSession saved, Path lockPath,
                                           String why) {
        return VideoResults.recoveryRequired(current, manifestPath, saved.sessionId(), why,
                RecoveryGuide.instruction(lockPath, saved, ports.processes()),
                RecoveryGuide.details(lockPath, saved, Path.of(saved.bundleDir()), current.status().wire(),
                        ports.processes()));
    }

    /**
     * Whether the worker's manifest proves that the recorder opened its capture file. Recording does;
     * so does finalizing a recording that ended by stop, duration or failure (a short recording can
     * pass through recording between two polls). Finalizing with stopReason startup_failure does not:
     * the worker also finalizes (the recorder's output and receipt) a recorder that exited, timed
     * out or was stopped before it opened its file, and that session is a startup failure, not a start.
     */
    static boolean confirmsRecording(Manifest current) {
        if (current.status() == BundleStatus.RECORDING) {
            return true;
        }
        return current.status() == BundleStatus.FINALIZING
                && (current.video() == null || current.video().stopReason() != StopReason.STARTUP_FAILURE);
    }

    /** No worker ever ran, so no recorder was started: record the failure and release our own lock. */
    private CommandResult spawnFailed(VideoSession session, VideoBundleFiles bundle, Manifest starting, Path lockPath,
                                      String why) {
        BundleError error = VideoStage.error(ErrorCodes.RECORDER_FAILED, VideoStage.STARTUP,
                "The video worker could not be started: " + why, VideoStage.RECORDER);
        Manifest failed = VideoManifests.startupFailed(starting, ports.wallClock().now().toString(), List.of(error));
        bundle.publishManifest(failed);
        Path bundleDir = Path.of(session.bundleDir());
        ports.sessions().saveSession(bundleDir, session.withRecovery(new VideoSession.Recovery(
                RecoveryState.SPAWN_FAILED.wire(), why, ports.wallClock().now().toString())));
        ports.locks().release(lockPath, session.nonce());
        return VideoResults.terminal(failed, Path.of(session.manifestPath()), session.sessionId());
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
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", String.valueOf(failure.details().getOrDefault("path", manifestPath.toString())));
        details.put("causeCode", String.valueOf(failure.details().getOrDefault("causeCode", failure.code())));
        Object cause = failure.details().get("cause");
        details.put("message", cause == null ? failure.message() : String.valueOf(cause));
        details.put("recovery", "Make the bundle directory writable, or start a new recording in a new, writable "
                + "directory; no permissions are changed automatically.");
        return new Failure(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, failure.message(), details);
    }

    private DeviceInfo readDevice(Validated request, Deadline deadline, List<BundleError> errors) {
        String serial = request.serial();
        Observation<PropertyInventory> properties = ports.metadata().properties(serial, deadline);
        BuildProperties build = BuildProperties.from(properties);
        errors.addAll(build.errors());
        DeviceClassification.Classified classified = DeviceClassification.classify(properties);
        classified.error().ifPresent(errors::add);
        DisplayGeometry geometry = DisplayGeometry.from(ports.metadata().displaySize(serial, deadline),
                ports.metadata().displayDensity(serial, deadline), ports.metadata().rotation(serial, deadline));
        errors.addAll(geometry.errors());
        String operatorVersion = null;
        if (request.operatorPackage() != null) {
            // Video never talks to the Operator; its version is recorded only when a package was named.
            Observation<String> version = ports.metadata().operatorVersion(serial, request.operatorPackage(), deadline);
            if (version instanceof Observation.Observed<String> observed) {
                operatorVersion = observed.value();
            } else if (version instanceof Observation.Unavailable<String> unavailable) {
                errors.add(MetadataField.OPERATOR_VERSION.unavailable("The Operator version", unavailable.failure()));
            }
        }
        return new DeviceInfo(serial, request.operatorPackage(), cliVersion, operatorVersion, build.apiLevel(),
                build.androidVersion(), build.manufacturer(), build.model(), classified.type(), classified.properties(),
                geometry.display());
    }

    private Checked<Validated> validate(VideoStartCommand command) {
        if (command.deviceSerial() == null) {
            return invalid(RequestField.DEVICE, "Video start requires an explicit "
                    + terms.field(RequestField.DEVICE) + ": give the serial exactly as `adb devices` lists it (or set "
                    + "ANDROID_SERIAL).");
        }
        Checked<Optional<String>> serial = CaptureRequestValidation.deviceSerial(terms, command.deviceSerial());
        if (serial instanceof Checked.Rejected<Optional<String>> rejected) {
            return Checked.rejected(rejected.failure());
        }
        // Optional for video (scrcpy records without the Operator); validated exactly when given.
        String operatorPackage = null;
        if (command.operatorPackage() != null) {
            if (command.operatorPackage().isEmpty()) {
                return invalid(RequestField.OPERATOR_PACKAGE, terms.field(RequestField.OPERATOR_PACKAGE)
                        + " is empty: omit it (video records through scrcpy, not the Operator) or give the installed "
                        + "Operator's package, e.g. com.androperator.operator.dev.");
            }
            Checked<String> checked = CaptureRequestValidation.operatorPackage(terms, command.operatorPackage());
            if (checked instanceof Checked.Rejected<String> rejected) {
                return Checked.rejected(rejected.failure());
            }
            operatorPackage = ((Checked.Accepted<String>) checked).value();
        }
        Integer duration = command.durationSeconds();
        if (duration == null || duration < VideoLimits.MIN_DURATION_SECONDS || duration > VideoLimits.MAX_DURATION_SECONDS) {
            return invalid(RequestField.DURATION, terms.field(RequestField.DURATION) + " must be an integer from "
                    + VideoLimits.MIN_DURATION_SECONDS + " to " + VideoLimits.MAX_DURATION_SECONDS + ", got "
                    + (duration == null ? "nothing" : duration) + ": give the recording length in seconds.");
        }
        if (command.size() != null && VideoSizing.parse(terms, command.size()) instanceof Checked.Rejected<VideoSize> rejected) {
            // The form is checked now; the aspect ratio needs the display and is checked after selection.
            return Checked.rejected(rejected.failure());
        }
        Checked<String> label = CaptureRequestValidation.label(terms, command.label());
        if (label instanceof Checked.Rejected<String> rejected) {
            return Checked.rejected(rejected.failure());
        }
        Checked<Map<String, Object>> context = CaptureRequestValidation.context(terms, command.context());
        if (context instanceof Checked.Rejected<Map<String, Object>> rejected) {
            return Checked.rejected(rejected.failure());
        }
        Path explicitDir = null;
        if (command.outputDir() != null) {
            Checked<Path> directory = CaptureRequestValidation.outputDirectory(terms, command.outputDir());
            if (directory instanceof Checked.Rejected<Path> rejected) {
                return Checked.rejected(rejected.failure());
            }
            explicitDir = ((Checked.Accepted<Path>) directory).value();
            if (ports.store().check(explicitDir) instanceof BundleStore.Availability.Unavailable unavailable) {
                return Checked.rejected(unavailable.failure());
            }
        }
        return Checked.accepted(new Validated(explicitDir,
                ((Checked.Accepted<Optional<String>>) serial).value().orElseThrow(),
                operatorPackage, duration, command.size(),
                ((Checked.Accepted<String>) label).value(), ((Checked.Accepted<Map<String, Object>>) context).value()));
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[16];
        NONCES.nextBytes(bytes);
        return bytes;
    }

    private <T> Checked<T> invalid(RequestField field, String message) {
        return Checked.rejected(terms.refusal(field, message));
    }
}
