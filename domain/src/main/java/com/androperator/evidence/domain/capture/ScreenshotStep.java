package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Timing;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.capture.VerifiedWrite.Persisted;
import com.androperator.evidence.domain.capture.VerifiedWrite.Verdict;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.ByteSink;
import com.androperator.evidence.domain.policy.ErrorVocabulary;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.port.ScreenshotSource.Cancelled;
import com.androperator.evidence.domain.port.ScreenshotSource.ScreenshotTransfer;
import com.androperator.evidence.domain.port.ScreenshotSource.TransportReceipt;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The screenshot: one targeted adb transfer whose bytes go to screenshot.partial.png as they are
 * read (hashed by the writer and verified in the same pass, so nothing is held whole in memory and
 * a process killed mid-transfer leaves what arrived), promoted to screenshot.png only when the
 * transfer completed and the PNG verified. Geometry comes only from
 * the verifier. The captures.json record carries the host transport receipt, whose {@code ok}
 * says only whether the transport completed.
 */
final class ScreenshotStep {
    static final String STAGE = "screenshot";
    static final String SOURCE = "adb_screencap";

    private final ScreenshotSource screenshots;
    private final ImageVerifier images;
    private final StepClock clock;
    private final CaptureScheduling scheduling;
    private final CaptureLoad load;

    ScreenshotStep(ScreenshotSource screenshots, ImageVerifier images, StepClock clock, CaptureScheduling scheduling,
                   CaptureLoad load) {
        this.screenshots = screenshots;
        this.images = images;
        this.clock = clock;
        this.scheduling = scheduling;
        this.load = load;
    }

    /** The whole step on the calling thread: {@link #transfer} then {@link Transferred#conclude()}. */
    CapturedArtifact capture(String serial, Deadline deadline, GuardedWriter writer, String evidenceId) {
        return transfer(serial, deadline, writer, evidenceId).conclude();
    }

    /**
     * The device part: the transfer, its bytes written to screenshot.partial.png (fsynced) and handed
     * to the PNG check as they arrive. With {@link CaptureScheduling#OVERLAPPED} the check may still
     * be decoding when this returns; {@link Transferred#conclude()} waits for its verdict.
     */
    Transferred transfer(String serial, Deadline deadline, GuardedWriter writer, String evidenceId) {
        StepClock.Mark start = clock.mark();
        GuardedWriter.StreamedPartial partial = writer.streamedPartial(ArtifactFiles.SCREENSHOT_PARTIAL);
        Verification verification = new Verification("evidence-png-check-" + evidenceId);
        boolean[] storageRefused = {false};
        // One pass: each piece read from the device is written (and hashed) and then verified.
        ScreenshotTransfer transfer = transfer(serial, deadline, (bytes, offset, length) -> {
            if (!partial.write(bytes, offset, length)) {
                storageRefused[0] = true;
                return false;
            }
            verification.accept(bytes, offset, length);
            return true;
        });
        StepClock.Mark transferred = clock.mark();
        // Durable before anything else happens: what arrived is kept even if the process dies now.
        StoreResult written = partial.started() ? partial.finish() : null;
        return new Transferred(writer, evidenceId, deadline, start, transferred, transfer, written, storageRefused[0],
                verification);
    }

    /** A screenshot whose bytes are in: the PNG verdict, the promotion and the records remain. */
    final class Transferred {
        private final GuardedWriter writer;
        private final String evidenceId;
        private final Deadline deadline;
        private final StepClock.Mark start;
        private final StepClock.Mark transferred;
        private final ScreenshotTransfer transfer;
        private final @Nullable StoreResult written;
        private final boolean storageRefused;
        private final Verification verification;

        private Transferred(GuardedWriter writer, String evidenceId, Deadline deadline, StepClock.Mark start, StepClock.Mark transferred,
                            ScreenshotTransfer transfer, @Nullable StoreResult written, boolean storageRefused,
                            Verification verification) {
            this.writer = writer;
            this.evidenceId = evidenceId;
            this.deadline = deadline;
            this.start = start;
            this.transferred = transferred;
            this.transfer = transfer;
            this.written = written;
            this.storageRefused = storageRefused;
            this.verification = verification;
        }

        /** Waits for the PNG verdict, promotes or retains the file, and gives the artifact and its record. */
        CapturedArtifact conclude() {
            String commandId = evidenceId + "-screenshot";
            Optional<Failure> transportFailure = transportFailure(transfer);
            Optional<BundleError> transferError = transportFailure.map(f -> transferError(f, transfer, deadline));
            Details.Builder details = transportFailure.map(failure -> transportDetails(failure, transferError.get(),
                    transfer, deadline)).orElseGet(Details::builder);
            Persisted persisted;
            Timing persistence = null;
            if (written == null) {
                verification.close();
                persisted = new Persisted.Lost(transferError.orElseGet(() -> new BundleError(
                        ErrorCodes.SCREENSHOT_INVALID, VerifiedWrite.VERIFICATION_STAGE,
                        "The screenshot transfer delivered no bytes; an empty PNG is not an image.",
                        ArtifactKind.SCREENSHOT.wire())));
            } else {
                persisted = VerifiedWrite.conclude(writer, ArtifactKind.SCREENSHOT, ArtifactFiles.SCREENSHOT_PARTIAL,
                        ArtifactFiles.SCREENSHOT, written,
                        () -> transferError.<Verdict>map(Verdict.Rejected::new).orElseGet(verification::verdict));
                verification.close();
                persistence = clock.between(transferred, clock.mark());
            }
            Timing whole = clock.between(start, clock.mark());
            BundleError specific = CapturedArtifact.specificError(persisted);
            Artifact artifact = CapturedArtifact.artifactOf(ArtifactKind.SCREENSHOT, ArtifactFiles.PNG,
                    CapturedArtifact.reported(persisted), whole, commandId, evidenceId);
            // A transfer that the storage stopped failed because of the storage: its record names the artifact's error.
            boolean stoppedByStorage = storageRefused && written instanceof StoreResult.StoreFailed;
            if (stoppedByStorage && written instanceof StoreResult.StoreFailed failed) {
                details.textIfAbsent(DetailKey.TRANSPORT_CODE,
                        transportFailure.map(Failure::code).orElse(ErrorCodes.SCREENSHOT_FAILED));
                storageCause(failed, details);
            }
            // The reference's receipt: {ok: true, bytes: N, ...} or {ok: false, error: {code, message, details}, ...}.
            BundleError notCompleted = transfer.transportCompleted() ? null : stoppedByStorage ? artifact.error()
                    : transferError.map(ErrorVocabulary::reported).orElse(artifact.error());
            Details recorded = CapturedArtifact.withReason(
                    notCompleted != null && transferError.isPresent() && !stoppedByStorage ? transferError.get() : specific,
                    details.build());
            Details.Builder receipt = notCompleted == null ? Details.builder().flag(DetailKey.OK, true)
                    : CaptureRecord.failedReceipt(notCompleted, recorded).toBuilder();
            transfer.receipt().ifPresent(transport -> transportFields(transport,
                    receipt.number(DetailKey.BYTES, transfer.bytesReceived())));
            if (persisted instanceof Persisted.Promoted) {
                // A verified image of one colour is complete and yet may show nothing: a secure window,
                // DRM content or a screen that is off. Said beside the display's power state, never a status.
                verification.singleColour().ifPresent(colour -> receipt.text(DetailKey.SINGLE_COLOUR, colour));
            }
            return new CapturedArtifact(artifact, CapturedArtifact.recordOf(artifact, SOURCE,
                    clock.between(start, transferred), persistence, receipt.build(),
                    notCompleted == null ? recorded : null));
        }
    }

    /**
     * A failed transport's diagnostics: its own code when the record's error says another, its
     * details under {@code transport}, and a cancelled transfer's state.
     */
    private static Details.Builder transportDetails(Failure failure, BundleError transferError,
                                                    ScreenshotTransfer transfer, Deadline deadline) {
        Details.Builder details = Details.builder();
        if (!failure.code().equals(transferError.code())) {
            details.text(DetailKey.TRANSPORT_CODE, failure.code());
        }
        if (!failure.details().isEmpty()) {
            details.nested(DetailKey.TRANSPORT, failure.details());
        }
        if (transferError.code().equals(ErrorCodes.COMMAND_CANCELLED)) {
            CancelledTransfer.of(transfer, deadline).describeIn(details);
        }
        return details;
    }

    /** The writer's errno word (and its text) behind a storage failure, for the record beside the artifact's error. */
    private static void storageCause(StoreResult.StoreFailed failed, Details.Builder details) {
        failed.failure().storageCauseIfAny().ifPresent(known -> details.text(DetailKey.CAUSE_CODE, known.causeCode())
                .textIfPresent(DetailKey.CAUSE, known.cause()));
    }

    private ScreenshotTransfer transfer(String serial, Deadline deadline, ByteSink sink) {
        if (deadline.cancelled()) {
            // Nothing goes to the device after a cancellation.
            return ScreenshotTransfer.cancelled(0, new Cancelled(CommandPhase.NOT_STARTED, false),
                    "cancelled before the screenshot started; nothing was sent", Optional.empty());
        }
        try {
            ScreenshotTransfer transfer = screenshots.capture(serial, deadline, sink);
            if (transfer != null) {
                return transfer;
            }
            return failedTransfer("the screenshot source returned no transfer");
        } catch (RuntimeException e) {
            return failedTransfer("the screenshot source failed: " + AdapterFault.describe(e));
        }
    }

    private static ScreenshotTransfer failedTransfer(String message) {
        return new ScreenshotTransfer(0, false, Optional.of(Failure.of(ErrorCodes.SCREENSHOT_FAILED, message)),
                Optional.empty());
    }

    /** The transport's receipt as captures.json words it, in the reference's order, unknown values null. */
    private static void transportFields(TransportReceipt transport, Details.Builder receipt) {
        receipt.textOrNull(DetailKey.COMMAND, transport.command())
                .number(DetailKey.DISPLAY_ID, transport.displayId())
                .textOrNull(DetailKey.PHYSICAL_DISPLAY_ID, transport.physicalDisplayId())
                .flagOrNull(DetailKey.LEGACY_DISPLAY_DUMP, transport.legacyDisplayDump())
                .textOrNull(DetailKey.DISPLAY_STATE, transport.displayState())
                .number(DetailKey.BYTES_RECEIVED, transport.bytesReceived())
                .numberOrNull(DetailKey.EXIT_STATUS, transport.exitStatus())
                .number(DetailKey.DURATION_MS, transport.durationMs());
    }

    /**
     * The transfer's failure; a transport that did not complete failed even when it named no failure.
     * (A transfer that the storage stopped failed too, but then the storage error is the artifact's
     * and the record's, and the transport's code is only {@code details.transportCode}.)
     */
    private static Optional<Failure> transportFailure(ScreenshotTransfer transfer) {
        if (transfer.failure().isEmpty() && !transfer.transportCompleted()) {
            return Optional.of(Failure.of(ErrorCodes.SCREENSHOT_FAILED, "the screenshot transfer did not complete"));
        }
        return transfer.failure();
    }

    /**
     * A transport failure reported after the caller cancelled is COMMAND_CANCELLED; one reported
     * after the device-work budget ran out is this capture's cancellation by its budget, recorded
     * as COMMAND_TIMEOUT whatever the transport saw.
     */
    private static BundleError transferError(Failure failure, ScreenshotTransfer transfer, Deadline deadline) {
        if (failure.code().equals(ErrorCodes.COMMAND_CANCELLED) || deadline.cancelled()) {
            CancelledTransfer state = CancelledTransfer.of(transfer, deadline);
            return new BundleError(ErrorCodes.COMMAND_CANCELLED, STAGE, "The screenshot was cancelled ("
                    + state.cancelledBy() + ") in phase " + state.phase().wire() + " ("
                    + (state.dispatched() ? "screencap was started" : "screencap was not started")
                    + "); " + state.bytesReceived() + " bytes were received and are kept: " + failure.message(),
                    ArtifactKind.SCREENSHOT.wire());
        }
        if (!failure.code().equals(ErrorCodes.COMMAND_TIMEOUT) && deadline.expired()) {
            return new BundleError(ErrorCodes.COMMAND_TIMEOUT, STAGE, "The device-work budget expired during the "
                    + "screenshot transfer (" + failure.code() + ": " + failure.message() + "); "
                    + transfer.bytesReceived() + " bytes were received.", ArtifactKind.SCREENSHOT.wire());
        }
        return new BundleError(failure.code(), STAGE, failure.message(), ArtifactKind.SCREENSHOT.wire());
    }

    /**
     * A cancelled transfer: who cancelled, the phase it stopped in and whether screencap was started
     * (as the source reported it: display_selection or transfer; not_started when nothing was asked;
     * a transfer that the budget ended or that the source did not place stopped in transfer, started
     * once bytes arrived), and the bytes that arrived.
     */
    private record CancelledTransfer(String cancelledBy, CommandPhase phase, boolean dispatched, long bytesReceived) {
        static CancelledTransfer of(ScreenshotTransfer transfer, Deadline deadline) {
            return new CancelledTransfer(deadline.cancelledBy(),
                    transfer.cancelled().map(Cancelled::phase).orElse(CommandPhase.TRANSFER),
                    transfer.cancelled().map(Cancelled::dispatched).orElse(transfer.bytesReceived() > 0),
                    transfer.bytesReceived());
        }

        /** As the screenshot record's details keep it, in this order. */
        void describeIn(Details.Builder details) {
            details.text(DetailKey.CANCELLED_BY, cancelledBy).text(DetailKey.PHASE, phase.wire())
                    .flag(DetailKey.DISPATCHED, dispatched).number(DetailKey.BYTES_RECEIVED, bytesReceived);
        }
    }

    /**
     * The PNG check fed piece by piece as the bytes are written (checked on its own thread when the
     * capture overlaps it and the JVM runs at most four captures a processor, else on the
     * capturing thread: {@link CaptureScheduling#imageCheck}). A verifier that throws is a rejection that says so; its later pieces are
     * ignored.
     */
    private final class Verification {
        private final String threadName;
        private ImageVerifier.@Nullable ImageCheck check;
        private @Nullable String broken;
        private Optional<String> singleColour = Optional.empty();

        Verification(String threadName) {
            this.threadName = threadName;
        }

        void accept(byte[] bytes, int offset, int length) {
            if (broken != null) {
                return;
            }
            try {
                if (check == null) {
                    check = scheduling.imageCheck(threadName, images::start, load);
                }
                check.accept(bytes, offset, length);
            } catch (RuntimeException e) {
                broken = "the PNG verifier failed: " + AdapterFault.describe(e);
            }
        }

        Verdict verdict() {
            ImageVerification verification;
            if (broken != null) {
                verification = new ImageVerification.Rejected(broken);
            } else {
                try {
                    verification = check == null ? null : check.finish();
                } catch (RuntimeException e) {
                    verification = new ImageVerification.Rejected("the PNG verifier failed: " + AdapterFault.describe(e));
                }
            }
            if (verification instanceof ImageVerification.Verified verified) {
                singleColour = verified.singleColour();
                return new Verdict.Accepted(ImageGeometry.ofPixels(verified.width(), verified.height()));
            }
            String reason = verification instanceof ImageVerification.Rejected rejected ? rejected.reason()
                    : "the PNG verifier returned no verdict";
            return new Verdict.Rejected(new BundleError(ErrorCodes.SCREENSHOT_INVALID, VerifiedWrite.VERIFICATION_STAGE,
                    "The screenshot is not a complete, valid PNG: " + reason, ArtifactKind.SCREENSHOT.wire()));
        }

        /** The one colour of a verified image's every pixel, once {@link #verdict()} accepted it. */
        Optional<String> singleColour() {
            return singleColour;
        }

        void close() {
            if (check != null) {
                try {
                    check.close();
                } catch (RuntimeException ignored) {
                    // The verdict is decided; a verifier that cannot release its inflater changes nothing.
                }
            }
        }
    }
}
