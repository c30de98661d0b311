package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.adb.StreamResult.Outcome;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A raw stream whose bytes wait in the socket (a screenshot that arrives faster than it is checked):
 * the client reads them up to 256 KiB at once and hands them over in order, in pieces of at most
 * 64 KiB, each piece after the deadline and cancellation checks its own read would have made, and
 * counted against the byte cap exactly. The scripted adb server writes everything before the
 * listener lets the client read past its first piece, so the later reads find it waiting.
 */
@Timeout(60)
class RawStreamReadsTest {
    private static final String SERIAL = "127.0.0.1:5555";
    private static final int PIECE = 64 * 1024;
    private static final byte[] SCREEN = patterned(300_000);

    /** A piece as the listener saw it. */
    private record Piece(int offset, int length) {
    }

    /** Records pieces; waits for the server's whole write before taking its first one. */
    private static final class Listener implements OutputListener {
        final List<Piece> pieces = new ArrayList<>();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CountDownLatch written;
        private final Runnable atLargerRead;
        /** How many pieces had arrived when the listener ran {@code atLargerRead}; 0 before. */
        int piecesAtCancel;

        /** {@code atLargerRead}: what to do at the first piece of the first read into the larger buffer (a cancellation, a clock moved past the deadline); null for nothing. */
        Listener(CountDownLatch written, Runnable atLargerRead) {
            this.written = written;
            this.atLargerRead = atLargerRead;
        }

        @Override
        public boolean onStdout(byte[] data, int offset, int length) {
            if (pieces.isEmpty()) {
                await(written);
            }
            pieces.add(new Piece(offset, length));
            bytes.write(data, offset, length);
            // The first piece of the first read into the larger buffer (its length tells it).
            if (atLargerRead != null && piecesAtCancel == 0 && data.length > PIECE && offset == 0) {
                atLargerRead.run();
                piecesAtCancel = pieces.size();
            }
            return true;
        }
    }

    @Test
    void bytesThatWaitArriveWholeInOrderInPiecesOfAtMost64KiBSomeFromOneLargerRead() throws Exception {
        CountDownLatch written = new CountDownLatch(1);
        try (FakeAdbServer server = writesAll(written)) {
            Listener listener = new Listener(written, null);

            StreamResult result = stream(server, 1 << 20, null, listener);

            assertThat(result.outcome()).isEqualTo(Outcome.COMPLETED);
            assertThat(result.bytesReceived()).isEqualTo(SCREEN.length);
            assertThat(listener.bytes.toByteArray()).isEqualTo(SCREEN);
            assertThat(listener.pieces).allSatisfy(piece -> assertThat(piece.length()).isBetween(1, PIECE));
            assertThat(listener.pieces).as("a read of more than 64 KiB, handed over piece by piece")
                    .anySatisfy(piece -> assertThat(piece.offset()).isPositive());
        }
    }

    /**
     * The listener cancels at the first piece of the first read into the larger buffer, which takes
     * what waits (the receive window's worth, over 100 KiB here): that read's later pieces are never
     * handed over.
     */
    @Test
    void aCancellationDuringOneReadsPiecesStopsTheRestOfThatRead() throws Exception {
        CountDownLatch written = new CountDownLatch(1);
        AdbCancellation cancellation = new AdbCancellation();
        try (FakeAdbServer server = writesAll(written)) {
            Listener listener = new Listener(written, cancellation::cancel);

            StreamResult result = stream(server, 1 << 20, cancellation, listener);

            assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
            assertThat(listener.piecesAtCancel).as("a read into the larger buffer came").isPositive();
            assertThat(listener.pieces).as("nothing after the piece that cancelled").hasSize(listener.piecesAtCancel);
            assertThat(listener.bytes.toByteArray()).isEqualTo(java.util.Arrays.copyOf(SCREEN, listener.bytes.size()));
        }
    }

    /** The same with the deadline passing at that piece (a clock the listener moves): the rest of the read is never handed over. */
    @Test
    void aDeadlineThatPassesDuringOneReadsPiecesStopsTheRestOfThatRead() throws Exception {
        CountDownLatch written = new CountDownLatch(1);
        AtomicLong now = new AtomicLong();
        Deadline deadline = Deadline.after(now::get, 30_000);
        try (FakeAdbServer server = writesAll(written)) {
            Listener listener = new Listener(written, () -> now.addAndGet(60_000_000_000L));

            StreamResult result = new AdbServerClient(server.environment()).stream(SERIAL,
                    AdbServerClient.ServiceKind.EXEC, "screencap -p", deadline, 1 << 20, null, listener);

            assertThat(result.outcome()).isEqualTo(Outcome.DEADLINE);
            assertThat(listener.piecesAtCancel).as("a read into the larger buffer came").isPositive();
            assertThat(listener.pieces).as("nothing after the piece at which the deadline passed")
                    .hasSize(listener.piecesAtCancel);
            assertThat(result.bytesReceived()).isEqualTo(listener.bytes.size());
            assertThat(listener.bytes.toByteArray()).isEqualTo(java.util.Arrays.copyOf(SCREEN, listener.bytes.size()));
        }
    }

    @Test
    void theCapIsExactWhenItFallsInsideOneReadsLaterPieces() throws Exception {
        CountDownLatch written = new CountDownLatch(1);
        int cap = 200_003;
        try (FakeAdbServer server = writesAll(written)) {
            Listener listener = new Listener(written, null);

            StreamResult result = stream(server, cap, null, listener);

            assertThat(result.outcome()).isEqualTo(Outcome.CAP_EXCEEDED);
            assertThat(result.bytesReceived()).isEqualTo(cap);
            assertThat(listener.bytes.toByteArray()).isEqualTo(java.util.Arrays.copyOf(SCREEN, cap));
        }
    }

    /** An exec service whose whole answer is written (into a send buffer large enough for it) before the listener goes on. */
    private static FakeAdbServer writesAll(CountDownLatch written) throws Exception {
        return new FakeAdbServer(c -> {
            c.socket().setSendBufferSize(2 * SCREEN.length);
            c.acceptTransport();
            c.okay();
            c.write(SCREEN);
            written.countDown();
        });
    }

    private static StreamResult stream(FakeAdbServer server, long cap, AdbCancellation cancellation,
                                       OutputListener listener) {
        Deadline deadline = Deadline.after(MonotonicClock.SYSTEM, 30_000);
        return new AdbServerClient(server.environment()).stream(SERIAL, AdbServerClient.ServiceKind.EXEC,
                "screencap -p", deadline, cap, cancellation, listener);
    }

    private static void await(CountDownLatch written) {
        try {
            assertThat(written.await(20, TimeUnit.SECONDS)).as("the scripted server wrote its whole answer").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static byte[] patterned(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + (i >>> 8));
        }
        return bytes;
    }
}
