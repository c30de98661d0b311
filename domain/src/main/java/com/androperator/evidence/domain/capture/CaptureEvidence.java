package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesEntry;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.policy.BundleStatusPolicy;
import com.androperator.evidence.domain.policy.StandardSelection;
import com.androperator.evidence.domain.port.ManagedBundles;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.DeviceSelector.DeviceSelection;
import com.androperator.evidence.domain.model.ExistingEntry;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The still-capture use case, the one input port of every edge (CLI, MCP, Java, JUnit):
 * {@link #capture(CaptureCommand, Cancellation)}. See the spec's "CLI capture" section: apply the
 * standard selections, validate once, locate the managed bundles root, select the device
 * once, screenshot, then the hierarchy on the same device with the metadata read alongside the
 * Operator round trip, all in one device-work budget; then persist captures.json and the
 * manifest (which may run past the deadline).
 *
 * <p>Every outcome is a value: a refusal before anything was created, a finished bundle, or a
 * bundle whose manifest could not be persisted. Adapter exceptions during device work are
 * recorded as that component's failure so the rest of the evidence survives.
 */
public final class CaptureEvidence {
    /** Evidence ids name the managed bundle directory and prefix Operator ids of at most 128 characters. */
    private static final Pattern EVIDENCE_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private final CapturePorts ports;
    private final String cliVersion;
    private final StepClock clock;
    private final ScreenshotStep screenshotStep;
    private final HierarchyStep hierarchyStep;
    private final MetadataStep metadataStep;
    private final CaptureScheduling scheduling;
    private final CaptureLoad load;
    private final Map<String, String> environment;

    /**
     * A use case for a caller without ANDROID_SERIAL or ANDROPERATOR_OPERATOR_PACKAGE.
     *
     * @param cliVersion the tool version recorded as device.cliVersion
     * @param source     the tool name sent to the Operator as the command source (at most 64 chars)
     */
    public CaptureEvidence(CapturePorts ports, String cliVersion, String source) {
        this(ports, cliVersion, source, Map.of(), CaptureScheduling.OVERLAPPED);
    }

    /**
     * @param scheduling what overlaps the Operator round trip (the metadata reads, and the PNG check
     *                   while the JVM runs at most four captures a processor), unless a test says otherwise
     */
    public CaptureEvidence(CapturePorts ports, String cliVersion, String source, CaptureScheduling scheduling) {
        this(ports, cliVersion, source, Map.of(), scheduling);
    }

    /**
     * @param environment where the standard selections read ANDROID_SERIAL and
     *                    ANDROPERATOR_OPERATOR_PACKAGE ({@link StandardSelection})
     */
    public CaptureEvidence(CapturePorts ports, String cliVersion, String source, Map<String, String> environment,
                           CaptureScheduling scheduling) {
        this(ports, cliVersion, source, environment, scheduling, CaptureLoad.ofThisJvm());
    }

    /**
     * @param load the captures running at once that this one counts among, whose number decides
     *             whether its PNG check gets a thread of its own (the JVM's, but for tests)
     */
    CaptureEvidence(CapturePorts ports, String cliVersion, String source, Map<String, String> environment,
                    CaptureScheduling scheduling, CaptureLoad load) {
        this.ports = Objects.requireNonNull(ports, "ports");
        this.load = Objects.requireNonNull(load, "load");
        this.scheduling = Objects.requireNonNull(scheduling, "scheduling");
        this.environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        if (cliVersion == null || cliVersion.isBlank()) {
            throw new IllegalArgumentException("a cliVersion is required");
        }
        if (source == null || source.isEmpty() || source.length() > 64) {
            throw new IllegalArgumentException("the Operator command source is 1..64 characters");
        }
        this.cliVersion = cliVersion;
        this.clock = new StepClock(ports.wallClock(), ports.monotonicClock());
        this.screenshotStep = new ScreenshotStep(ports.screenshots(), ports.images(), clock, scheduling, load);
        this.hierarchyStep = new HierarchyStep(ports.operator(), ports.hierarchies(), clock, source);
        this.metadataStep = new MetadataStep(ports.metadata(), clock);
    }

    /** A capture nobody can cancel; see {@link #capture(CaptureCommand, Cancellation)}. */
    public CaptureOutcome capture(CaptureCommand command) {
        return capture(command, new Cancellation());
    }

    /**
     * Admits {@code command} (the standard selections, the managed bundles root located, every option
     * validated once, the root prepared) and captures; an inadmissible command is refused before
     * anything is created or asked of the device. One exception: a managed root proven by an earlier
     * capture that stops taking files while it still looks writable (ManagedBundles#prepare) is
     * refused, in its own terms, when its bundle directory cannot be made, after device selection.
     *
     * <p>{@code cancellation} stops device work at once when cancelled: calls in flight are
     * ended, nothing more is sent to the device, each unfinished component is recorded as
     * COMMAND_CANCELLED (with who cancelled, its phase and dispatch state in captures.json), and
     * what was captured is kept and the manifest finalized. A cancellation before the bundle
     * directory was reserved is a refusal (COMMAND_CANCELLED) that created nothing.
     */
    public CaptureOutcome capture(CaptureCommand command, Cancellation cancellation) {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(cancellation, "cancellation");
        Checked<Admitted> admitted = admit(command);
        if (admitted instanceof Checked.Rejected<Admitted> rejected) {
            return new CaptureOutcome.Refused(rejected.failure(), null);
        }
        load.enter();
        try {
            return execute(Objects.requireNonNull(admitted.valueOrNull(), "an admitted request"), cancellation);
        } finally {
            load.leave();
        }
    }

    /** A validated request and, for a managed bundle, its prepared bundles root (null for an explicit one). */
    private record Admitted(ValidatedRequest valid, @Nullable Path bundlesRoot) {
    }

    private Checked<Admitted> admit(CaptureCommand command) {
        // The standard selections, the same for every caller: the explicit device, else ANDROID_SERIAL,
        // else the one attached device; the explicit Operator package, else ANDROPERATOR_OPERATOR_PACKAGE,
        // else the default.
        return StandardSelection.resolve(command.terms(), command.deviceSerial(), command.operatorPackage(), environment)
                .flatMap(target -> command.location() instanceof BundleLocation.Managed
                        ? admitManaged(command, target)
                        : ValidatedRequest.check(command, target).map(valid -> new Admitted(valid, null)));
    }

    /** An invalid request is refused after the root is located but before it is created or probed: it leaves nothing behind. */
    private Checked<Admitted> admitManaged(CaptureCommand command, StandardSelection.Target target) {
        ManagedBundles managed = ports.managedBundles();
        return managed.locate().flatMap(root -> ValidatedRequest.check(command, target)
                .flatMap(valid -> managed.prepare(root).map(prepared -> new Admitted(valid, prepared))));
    }

    private CaptureOutcome execute(Admitted admitted, Cancellation cancellation) {
        ValidatedRequest valid = admitted.valid();
        StepClock.Mark started = clock.mark();
        Deadline deadline = Deadline.after(ports.monotonicClock(), valid.timeoutMs(), cancellation);
        String evidenceId = newEvidenceId();
        Path directory = valid.directory(admitted.bundlesRoot(), evidenceId);

        if (ports.store().check(directory) instanceof BundleStore.Availability.Unavailable unavailable) {
            return storeRefusal(unavailable.failure(), unavailable.existing(), directory, valid);
        }
        if (deadline.cancelled()) {
            return cancelledBeforeBundle(deadline, "before device selection");
        }
        DeviceSelection selection = selectDevice(valid, deadline);
        if (deadline.cancelled()) {
            // Also when selection failed: its failure is most likely the cancellation closing its socket.
            return cancelledBeforeBundle(deadline, "during device selection");
        }
        if (selection instanceof DeviceSelection.Refused refused) {
            return new CaptureOutcome.Refused(refused.failure(), refused.hint().render(valid.terms()::field));
        }
        String serial = ((DeviceSelection.Selected) selection).serial();
        BundleStore.Reservation reservation = ports.store().reserve(directory);
        if (reservation instanceof BundleStore.Reservation.Refused refused) {
            return storeRefusal(rootRefusal(admitted, refused.failure()), refused.existing(), directory, valid);
        }
        GuardedWriter writer = new GuardedWriter(((BundleStore.Reservation.Reserved) reservation).writer());

        try (Releases releases = new Releases()) {
            return captureInto(writer, serial, valid, deadline, evidenceId, started, releases);
        }
    }

    private CaptureOutcome captureInto(GuardedWriter writer, String serial, ValidatedRequest valid, Deadline deadline,
                                       String evidenceId, StepClock.Mark started, Releases releases) {
        ScreenshotStep.Transferred transferred = screenshotStep.transfer(serial, deadline, writer, evidenceId);
        // Host work on bytes already received: a PNG decode on its own thread finishes while the
        // Operator answers; one on this thread (under load, CaptureLoad) is already done.
        CaptureScheduling.Pending<CapturedArtifact> concluding = scheduling.conclusion(transferred::conclude);
        // The spec orders screenshot then hierarchy; metadata, separate observations in the same
        // budget, is read on its own adb streams while the Operator answers.
        CaptureScheduling.Pending<MetadataStep.DeviceMetadata> reading = scheduling.start(
                "evidence-metadata-" + evidenceId,
                () -> metadataStep.read(serial, valid.operatorPackage(), cliVersion, deadline, evidenceId));
        CapturedArtifact hierarchy;
        CapturedArtifact screenshot;
        MetadataStep.DeviceMetadata metadata;
        try {
            hierarchy = hierarchyStep.capture(serial, valid.operatorPackage(), deadline, writer, evidenceId, releases);
        } finally {
            // Never left running, even when the hierarchy step broke: its reads end with the budget,
            // the PNG check with the bytes it was given.
            try {
                metadata = reading.await();
            } finally {
                screenshot = concluding.await();
            }
        }
        // From here on only local persistence remains, which may outlive the device-work deadline and
        // is never cancelled: what was captured is kept.
        Artifact envelopes = persistCaptures(writer, evidenceId, screenshot, hierarchy, metadata.cancellation());
        // captures.json streamed the Operator's spooled strings; nothing needs them any more.
        releases.close();

        List<Artifact> artifacts = List.of(screenshot.artifact(), hierarchy.artifact(), envelopes);
        List<BundleError> errors = new ArrayList<>();
        artifacts.stream().map(Artifact::error).filter(Objects::nonNull).forEach(errors::add);
        errors.addAll(metadata.errors());
        BundleStatus status = BundleStatusPolicy.decide(screenshot.artifact().status(), hierarchy.artifact().status(),
                metadata.errors().isEmpty(), envelopes.status() == ArtifactStatus.COMPLETE);
        Manifest manifest = new Manifest(Manifest.SCHEMA_VERSION, evidenceId, valid.label(), valid.context(),
                metadata.device(), started.stamp(), clock.mark().stamp(), status, artifacts, errors, null);

        StoreResult persisted = writer.finalizeManifest(manifest);
        if (persisted instanceof StoreResult.StoreFailed failed) {
            return new CaptureOutcome.NotPersisted(evidenceId, writer.directory(), failed.failure(), manifest);
        }
        return new CaptureOutcome.Finished(manifest, writer.directory().resolve(((StoreResult.Stored) persisted).path()));
    }

    /**
     * A managed root may have been taken on an earlier capture's proof ({@link ManagedBundles#prepare});
     * when its bundle directory then cannot be made, the root is proven again, so that a root that
     * stopped taking files is refused in its own terms, as a first capture would have been.
     */
    private Failure rootRefusal(Admitted admitted, Failure failure) {
        Path bundlesRoot = admitted.bundlesRoot();
        if (bundlesRoot == null || !ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE.equals(failure.code())) {
            return failure;
        }
        return ports.managedBundles().proveAgain(bundlesRoot) instanceof Checked.Rejected<Path> rejected
                ? rejected.failure() : failure;
    }

    /** Cancelled before the bundle directory existed: nothing was created, nothing more is sent. */
    private static CaptureOutcome.Refused cancelledBeforeBundle(Deadline deadline, String when) {
        String by = deadline.cancelledBy();
        return new CaptureOutcome.Refused(new Failure(ErrorCodes.COMMAND_CANCELLED, "Evidence capture was cancelled ("
                + by + ") " + when + ", before its bundle directory was created; nothing was written.",
                Details.builder().text(DetailKey.CANCELLED_BY, by).build()), "Capture again into a new directory when ready.");
    }

    private String newEvidenceId() {
        String id = ports.ids().newEvidenceId();
        if (id == null || !EVIDENCE_ID.matcher(id).matches()) {
            throw new IllegalStateException("the id source produced an unusable evidence id: " + id);
        }
        return id;
    }

    private DeviceSelection selectDevice(ValidatedRequest valid, Deadline deadline) {
        try {
            DeviceSelection selection = ports.devices().select(valid.deviceSerial(), deadline);
            if (selection != null) {
                return selection;
            }
            return selectionBroke("the device selector returned no selection");
        } catch (RuntimeException e) {
            return selectionBroke("device selection failed: " + AdapterFault.describe(e));
        }
    }

    private static DeviceSelection selectionBroke(String message) {
        return new DeviceSelection.Refused(Failure.of(ErrorCodes.ADB_UNAVAILABLE, message),
                "Check that adb works (adb devices), then capture again.");
    }

    /**
     * A bundle directory the store will not give us. A collision is never overwritten; the message
     * says that a new attempt needs a new directory.
     */
    private static CaptureOutcome.Refused storeRefusal(Failure failure, @Nullable ExistingEntry existing, Path directory,
                                                       ValidatedRequest valid) {
        boolean explicit = valid.explicit();
        String option = valid.terms().field(RequestField.OUTPUT_DIR);
        String subject = explicit ? option + " " + directory
                : "The managed bundle directory " + directory;
        Details.Builder described = failure.details().toBuilder().textIfAbsent(DetailKey.PATH, directory.toString());
        if (explicit) {
            described.textIfAbsent(DetailKey.OPTION, option);
        }
        Details details = described.build();
        RequestField field = explicit ? RequestField.OUTPUT_DIR : null;
        return switch (failure.code()) {
            case ErrorCodes.EVIDENCE_OUTPUT_EXISTS -> new CaptureOutcome.Refused(new Failure(failure.code(), subject
                    + " already exists" + (existing == null ? "" : " as a " + existing.wire())
                    + " and is never overwritten; a new attempt requires a new directory: choose a path"
                    + " that does not exist yet.", details, field), "Capture into a new directory.");
            case ErrorCodes.EXECUTION_VALIDATION_FAILED -> new CaptureOutcome.Refused(new Failure(failure.code(),
                    subject + " cannot become a new bundle: " + failure.message() + (explicit
                            ? ". Give an absolute new directory whose parent exists."
                            : ". Check that the evidence root exists and is a writable directory."), details, field), null);
            default -> new CaptureOutcome.Refused(new Failure(failure.code(), failure.message(), details), null);
        };
    }

    /**
     * captures.json: both capture records (and the metadata record of a cancelled capture), and its
     * own capture_envelopes artifact.
     */
    private Artifact persistCaptures(GuardedWriter writer, String evidenceId, CapturedArtifact screenshot,
                                     CapturedArtifact hierarchy, Optional<CaptureRecord> metadata) {
        StepClock.Mark start = clock.mark();
        List<CapturesEntry> records = new ArrayList<>(List.of(screenshot.record(), hierarchy.record()));
        metadata.ifPresent(records::add);
        StoreResult result = writer.writeCaptures(new CapturesFile(records));
        Timing timing = clock.between(start, clock.mark());
        if (result instanceof StoreResult.StoreFailed failed) {
            BundleError error = VerifiedWrite.storageError(ArtifactKind.CAPTURE_ENVELOPES, ArtifactFiles.CAPTURES, failed);
            // A captures file the writer left under its partial name is listed as a partial artifact.
            return VerifiedWrite.retained(failed).map(kept -> new Artifact(ArtifactKind.CAPTURE_ENVELOPES, kept.path(),
                            ArtifactFiles.JSON, ArtifactStatus.PARTIAL, kept.bytes(), kept.sha256(), timing.startedAt(),
                            timing.finishedAt(), timing.durationMs(), null, null, null, error))
                    .orElseGet(() -> CapturedArtifact.failed(ArtifactKind.CAPTURE_ENVELOPES, ArtifactFiles.JSON, error,
                            timing, null, null));
        }
        StoreResult.Stored stored = (StoreResult.Stored) result;
        return new Artifact(ArtifactKind.CAPTURE_ENVELOPES, stored.path(), ArtifactFiles.JSON, ArtifactStatus.COMPLETE,
                stored.bytes(), stored.sha256(), timing.startedAt(), timing.finishedAt(), timing.durationMs(),
                null, null, null, null);
    }
}
