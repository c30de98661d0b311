package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.port.ByteSink;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.port.ScreenshotSource.Cancelled;
import com.androperator.evidence.domain.port.ScreenshotSource.ScreenshotTransfer;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ScreenshotSource} promises the capture, the domain's fake and the adb adapter
 * (through the real adb server to a simulated phone) alike: every byte received goes to the sink
 * in order, on the calling thread, before the call returns, {@code bytesReceived} and the receipt's count are exactly the
 * bytes handed over, a refusing sink or a cancellation ends the transfer there, an expired budget
 * sends nothing, and device-side failures are values, never exceptions.
 */
public abstract class ScreenshotSourceContract implements Budgets {
    /** Large enough to arrive in several pieces from any transport. */
    protected static final byte[] PNG = TestPngs.png(1080, 2400);

    /** A phone and the source that reaches it. */
    public record Phone(ScreenshotSource source, String serial) {
    }

    /** A phone whose one screen shows {@code png}. */
    protected abstract Phone showing(byte[] png);

    /** A phone whose screencap connection dies after the first {@code bytes} bytes of {@code png}. */
    protected abstract Phone cutAfter(byte[] png, int bytes);

    /** A phone whose screencap prints a device error instead of a PNG. */
    protected abstract Phone failingScreencap();

    /** A phone whose screencap starts sending {@code png} only after {@code millis}. */
    protected abstract Phone slow(byte[] png, long millis);

    @Test
    void aScreenshotArrivesWholeAtTheSinkAndIsCountedExactly() {
        Phone phone = showing(PNG);
        Sink sink = new Sink();

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(20_000), sink);

        assertThat(transfer.failure()).isEmpty();
        assertThat(transfer.transportCompleted()).isTrue();
        assertThat(sink.bytes()).isEqualTo(PNG);
        assertCounted(transfer, sink);
        assertThat(transfer.receipt()).isPresent();
        assertThat(sink.threads()).as("the threads the pieces were handed over on").containsOnly(Thread.currentThread());
    }

    @Test
    void aCutTransferHandsOverExactlyTheBytesThatArrived() {
        Phone phone = cutAfter(PNG, 1000);
        Sink sink = new Sink();

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(20_000), sink);

        assertThat(sink.bytes()).isEqualTo(Arrays.copyOf(PNG, 1000));
        assertCounted(transfer, sink);
    }

    @Test
    void aDeviceErrorIsAScreenshotFailureValue() {
        Phone phone = failingScreencap();

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(20_000), new Sink());

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).map(Failure::code).contains(ErrorCodes.SCREENSHOT_FAILED);
    }

    @Test
    void aSinkThatRefusesAPieceStopsTheTransferThere() {
        Phone phone = showing(PNG);
        Sink sink = new Sink().refusingAfter(1);

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(20_000), sink);

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).map(Failure::code).contains(ErrorCodes.SCREENSHOT_FAILED);
        assertThat(sink.pieces()).isEqualTo(1);
        assertPrefix(sink);
        assertCounted(transfer, sink);
    }

    @Test
    void aScreencapThatOutlastsTheBudgetIsATimeoutWithTheBytesSoFar() {
        Phone phone = slow(PNG, 5_000);
        Sink sink = new Sink();

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(800), sink);

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).map(Failure::code).contains(ErrorCodes.COMMAND_TIMEOUT);
        assertPrefix(sink);
        assertCounted(transfer, sink);
    }

    @Test
    void anExpiredBudgetHandsOverNothing() {
        Phone phone = showing(PNG);
        Sink sink = new Sink();

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(0), sink);

        assertThat(transfer.failure()).map(Failure::code).contains(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(sink.pieces()).isZero();
        assertThat(transfer.bytesReceived()).isZero();
    }

    @Test
    void workCancelledBeforeItStartsIsNeverDispatched() {
        Phone phone = showing(PNG);
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("SIGINT");
        Sink sink = new Sink();

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(20_000, cancellation), sink);

        assertThat(transfer.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
            assertThat(failure.details().asMap()).containsEntry("dispatched", false);
        });
        assertThat(transfer.cancelled()).hasValueSatisfying(where -> assertThat(where.dispatched()).isFalse());
        assertThat(sink.pieces()).isZero();
    }

    @Test
    void aCancellationDuringTheTransferEndsItWithTheBytesSoFar() {
        Phone phone = showing(PNG);
        Cancellation cancellation = new Cancellation();
        Sink sink = new Sink().cancellingAtFirstPiece(cancellation);

        ScreenshotTransfer transfer = phone.source().capture(phone.serial(), budget(20_000, cancellation), sink);

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
            assertThat(failure.details().asMap()).containsEntry("phase", "transfer").containsEntry("dispatched", true);
        });
        assertThat(transfer.cancelled()).contains(new Cancelled(CommandPhase.TRANSFER, true));
        assertPrefix(sink);
        assertCounted(transfer, sink);
    }

    /** The sink was handed the screenshot's first bytes, in order (possibly none). */
    private static void assertPrefix(Sink sink) {
        assertThat(sink.bytes()).isEqualTo(Arrays.copyOf(PNG, sink.bytes().length));
    }

    /** The transfer's count and its receipt's both equal the bytes the sink was handed. */
    private static void assertCounted(ScreenshotTransfer transfer, Sink sink) {
        assertThat(transfer.bytesReceived()).isEqualTo(sink.bytes().length);
        assertThat(transfer.receipt()).hasValueSatisfying(
                receipt -> assertThat(receipt.bytesReceived()).isEqualTo(sink.bytes().length));
    }

    /** Keeps a copy of every piece handed over (the source reuses its array), refusing or cancelling when told. */
    private static final class Sink implements ByteSink {
        private final ByteArrayOutputStream received = new ByteArrayOutputStream();
        private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
        private int pieces;
        private int acceptedPieces = Integer.MAX_VALUE;
        private Cancellation cancellation;

        Sink refusingAfter(int pieceCount) {
            acceptedPieces = pieceCount - 1;
            return this;
        }

        Sink cancellingAtFirstPiece(Cancellation toCancel) {
            cancellation = toCancel;
            return this;
        }

        @Override
        public boolean accept(byte[] bytes, int offset, int length) {
            received.write(bytes, offset, length);
            threads.add(Thread.currentThread());
            pieces++;
            if (cancellation != null) {
                cancellation.cancel("the contract");
            }
            return pieces <= acceptedPieces;
        }

        byte[] bytes() {
            return received.toByteArray();
        }

        Set<Thread> threads() {
            return threads;
        }

        int pieces() {
            return pieces;
        }
    }

}
