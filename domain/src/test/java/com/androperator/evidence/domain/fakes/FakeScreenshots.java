package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.ByteSink;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.port.ScreenshotSource.Cancelled;
import com.androperator.evidence.domain.port.ScreenshotSource.ScreenshotTransfer;
import com.androperator.evidence.domain.port.ScreenshotSource.TransportReceipt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The targeted screenshot helper as an adapter would behave: a transfer takes a scripted time on
 * the manual clock; one that outlasts the deadline stops at expiry with the bytes received so far
 * and COMMAND_TIMEOUT. The scripted bytes are handed to the sink in pieces, as a socket delivers
 * them; a sink that refuses a piece stops the transfer there.
 */
public final class FakeScreenshots implements ScreenshotSource {
    public static final String PHYSICAL_DISPLAY_ID = "4619827259835644672";
    /** What the default behaviour delivers: a 1080x2400 PNG, encoded once for every rig. */
    public static final byte[] DEFAULT_PNG = TestPngs.png(1080, 2400);

    /** Bytes per piece handed to the sink: small, so that every transfer arrives in several pieces. */
    static final int PIECE_BYTES = 4096;

    /** One scripted capture. */
    @FunctionalInterface
    public interface Behavior {
        Scripted capture(String serial, Deadline deadline, ManualMonotonicClock clock);
    }

    /** What a scripted transfer delivers: its bytes, and how the transport ended. */
    public record Scripted(byte[] bytes, boolean transportCompleted, Optional<Failure> failure,
                           Optional<TransportReceipt> receipt, Optional<Cancelled> cancelled) {
        public Scripted {
            bytes = bytes == null ? new byte[0] : bytes;
            failure = failure == null ? Optional.empty() : failure;
            receipt = receipt == null ? Optional.empty() : receipt;
            cancelled = cancelled == null ? Optional.empty() : cancelled;
        }

        /** A scripted transfer that no cancellation ended. */
        public Scripted(byte[] bytes, boolean transportCompleted, Optional<Failure> failure,
                        Optional<TransportReceipt> receipt) {
            this(bytes, transportCompleted, failure, receipt, Optional.empty());
        }
    }

    private final ManualMonotonicClock clock;
    private final List<String> serials = new ArrayList<>();
    private Behavior behavior;

    public FakeScreenshots(ManualMonotonicClock clock) {
        this.clock = clock;
        this.behavior = delivering(DEFAULT_PNG, 0);
    }

    public FakeScreenshots behaving(Behavior behavior) {
        this.behavior = behavior;
        return this;
    }

    /** Delivers {@code bytes} after {@code millis}, or a proportional prefix and COMMAND_TIMEOUT if the budget ends first. */
    public static Behavior delivering(byte[] bytes, long millis) {
        return (serial, deadline, clock) -> {
            long remaining = deadline.remainingMillis();
            if (clock.spend(millis, deadline)) {
                return new Scripted(bytes, true, Optional.empty(), receipt(bytes.length, 0));
            }
            int received = millis == 0 ? 0 : (int) Math.min(bytes.length, bytes.length * remaining / millis);
            return new Scripted(Arrays.copyOf(bytes, received), false,
                    Optional.of(Failure.of(ErrorCodes.COMMAND_TIMEOUT, "the device-work budget expired after "
                            + received + " of the screenshot's bytes")), receipt(received, null));
        };
    }

    /** Returns {@code transfer} as is, after {@code millis}. */
    public static Behavior answering(Scripted transfer, long millis) {
        return (serial, deadline, clock) -> {
            clock.advanceMillis(millis);
            return transfer;
        };
    }

    /**
     * A signal arriving mid-transfer, as the adapter sees it: {@code by} cancels the deadline after
     * {@code received} bytes, and the transfer ends COMMAND_CANCELLED in phase transfer, dispatched.
     */
    public static Behavior cancelledMidTransfer(byte[] bytes, int received, String by) {
        return (serial, deadline, clock) -> {
            deadline.cancellation().cancel(by);
            ScreenshotTransfer cancelled = cancelled(received, CommandPhase.TRANSFER, true, receipt(received, null));
            return new Scripted(Arrays.copyOf(bytes, received), false, cancelled.failure(), cancelled.receipt(),
                    cancelled.cancelled());
        };
    }

    public static Behavior throwing(RuntimeException exception) {
        return (serial, deadline, clock) -> {
            throw exception;
        };
    }

    /**
     * As the adapter: an expired or cancelled budget sends nothing; every piece handed to the sink is
     * counted, also the one it refuses; a cancellation seen between pieces ends the transfer there.
     */
    @Override
    public ScreenshotTransfer capture(String serial, Deadline deadline, ByteSink sink) {
        serials.add(serial);
        if (deadline.cancelled()) {
            return cancelled(0, CommandPhase.DISPLAY_SELECTION, false, receipt(0, null));
        }
        if (deadline.expired()) {
            return new ScreenshotTransfer(0, false, Optional.of(Failure.of(ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out before the screenshot started")), receipt(0, null));
        }
        Scripted scripted = behavior.capture(serial, deadline, clock);
        byte[] bytes = scripted.bytes();
        long delivered = 0;
        for (int offset = 0; offset < bytes.length; offset += PIECE_BYTES) {
            int length = Math.min(PIECE_BYTES, bytes.length - offset);
            // The sink's array is the adapter's to reuse: hand over a copy, as a socket buffer would be.
            byte[] piece = Arrays.copyOfRange(bytes, offset, offset + length);
            delivered += length;
            if (!sink.accept(piece, 0, length)) {
                return new ScreenshotTransfer(delivered, false, Optional.of(Failure.of(ErrorCodes.SCREENSHOT_FAILED,
                        "the receiver stopped the transfer after " + delivered + " bytes")),
                        counted(scripted.receipt(), delivered));
            }
            if (deadline.cancelled() && scripted.failure().isEmpty()) {
                return cancelled(delivered, CommandPhase.TRANSFER, true, counted(scripted.receipt(), delivered));
            }
        }
        return new ScreenshotTransfer(delivered, scripted.transportCompleted(), scripted.failure(), scripted.receipt(),
                scripted.cancelled());
    }

    private static ScreenshotTransfer cancelled(long received, CommandPhase phase, boolean dispatched,
                                                Optional<TransportReceipt> receipt) {
        return ScreenshotTransfer.cancelled(received, new Cancelled(phase, dispatched),
                "cancelled after " + received + " screenshot bytes", receipt);
    }

    /** {@code receipt} with its byte count set to what was handed over. */
    private static Optional<TransportReceipt> counted(Optional<TransportReceipt> receipt, long delivered) {
        return receipt.map(given -> new TransportReceipt(given.command(), given.displayId(), given.physicalDisplayId(),
                given.legacyDisplayDump(), given.displayState(), delivered, given.exitStatus(), given.durationMs()));
    }

    /** The serial of every capture, in order. */
    public List<String> serials() {
        return List.copyOf(serials);
    }

    public static Optional<TransportReceipt> receipt(long bytesReceived, Integer exitStatus) {
        return Optional.of(new TransportReceipt("screencap -p -d " + PHYSICAL_DISPLAY_ID, 0, PHYSICAL_DISPLAY_ID, false,
                "ON", bytesReceived, exitStatus, 0));
    }
}
