package com.androperator.evidence.mcp;

import com.androperator.evidence.domain.budget.Cancellation;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The captures this server is running, so that leaving never cuts one short. {@link #shutdown}
 * is the one call every way out makes (SIGINT, SIGTERM, stdin closing, a shutdown hook): it
 * cancels each capture in flight through the public {@link Cancellation} of the Java API (each is
 * then recorded COMMAND_CANCELLED and its manifest finalized), refuses captures that start later,
 * and waits, within a bound, until every capture has returned and its tool result has been written
 * to the protocol stream while that stream is still open.
 *
 * <p>A result counts as written once a line carrying its evidenceId has been flushed through
 * {@link #watch(OutputStream)}; results without an evidenceId (a refusal before any bundle) are
 * not waited for.
 */
final class InFlightCaptures {
    /** How long leaving waits for in-flight captures to finalize and their results to be written. */
    static final Duration SHUTDOWN_LIMIT = Duration.ofMillis(1500);

    private final Object lock = new Object();
    private final Set<Call> running = new LinkedHashSet<>();
    private final Set<String> undelivered = new HashSet<>();
    private String closedBy;

    /** Starts tracking one capture; after a shutdown began, its cancellation is already cancelled. */
    Call begin() {
        Call call = new Call();
        String cancelledBy;
        synchronized (lock) {
            cancelledBy = closedBy;
            running.add(call);
        }
        if (cancelledBy != null) {
            call.cancellation.cancel(cancelledBy);
        }
        return call;
    }

    /**
     * Cancels every capture in flight as {@code requester} (e.g. "SIGTERM", "stdin closed") and
     * every later one, then waits at most {@code limit} for them to return and, when
     * {@code awaitResults}, for their results to be written. Safe to call again: a later call
     * waits for what is still unsettled.
     */
    void shutdown(String requester, Duration limit, boolean awaitResults) {
        List<Call> toCancel;
        synchronized (lock) {
            if (closedBy == null) {
                closedBy = requester;
            }
            toCancel = new ArrayList<>(running);
        }
        toCancel.forEach(call -> call.cancellation.cancel(requester));
        long end = System.nanoTime() + limit.toNanos();
        synchronized (lock) {
            while (!running.isEmpty() || awaitResults && !undelivered.isEmpty()) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                try {
                    lock.wait(Math.max(1, left / 1_000_000L));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * Makes every way out of the process go through {@link #shutdown}. SIGINT and SIGTERM get
     * handlers ({@code sun.misc.Signal}, jdk.unsupported) rather than only a shutdown hook because
     * a handler knows which signal came, so each bundle records who cancelled it, and because the
     * transport keeps running while it waits, so the cancelled captures' results still reach the
     * client; it then exits 130 or 143. The shutdown hook covers every other exit (System.exit
     * elsewhere, SIGHUP); there the transport may already be stopping, so it does not wait for
     * results. Where handlers cannot be installed (-Xrs) the hook alone remains.
     */
    void cancelOnExit() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> {
                    shutdown("SIG" + signal.getName(), SHUTDOWN_LIMIT, true);
                    System.exit(128 + signal.getNumber());
                });
            } catch (IllegalArgumentException unavailable) {
                // -Xrs or a reserved signal: the JVM's default handling runs the shutdown hook below.
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> shutdown("shutdown", SHUTDOWN_LIMIT, false),
                "androperator-mcp-shutdown"));
    }

    /** The protocol output, watched so that {@link #shutdown} knows when a capture's result was written. */
    OutputStream watch(OutputStream protocol) {
        return new FilterOutputStream(protocol) {
            private final List<String> seen = new ArrayList<>();

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(bytes, offset, length);
                note(new String(bytes, offset, length, StandardCharsets.UTF_8));
            }

            @Override
            public void flush() throws IOException {
                out.flush();
                delivered();
            }

            private void note(String written) {
                synchronized (lock) {
                    undelivered.stream().filter(written::contains).forEach(seen::add);
                }
            }

            private void delivered() {
                synchronized (lock) {
                    if (!seen.isEmpty()) {
                        seen.forEach(undelivered::remove);
                        seen.clear();
                        lock.notifyAll();
                    }
                }
            }
        };
    }

    /** One capture in flight. */
    final class Call implements AutoCloseable {
        private final Cancellation cancellation = new Cancellation();
        private boolean settled;

        /** The cancellation to hand to the capture (CaptureDependencies.cancellation). */
        Cancellation cancellation() {
            return cancellation;
        }

        /**
         * The capture returned; {@code evidenceId} (null when the result has none) names the line
         * that carries its result, which a shutdown waits for.
         */
        void returned(String evidenceId) {
            synchronized (lock) {
                if (settled) {
                    return;
                }
                settled = true;
                if (evidenceId != null) {
                    // Removed once written; a shutdown that starts before then waits for it.
                    undelivered.add(evidenceId);
                }
                running.remove(this);
                lock.notifyAll();
            }
        }

        /** Settles a call that did not return normally (a defect): a shutdown no longer waits for it. */
        @Override
        public void close() {
            returned(null);
        }
    }
}
