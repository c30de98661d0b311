package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.HelperThreads;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One {@code logcat -v time -T 1} stream on a helper thread of its own while it reads ({@code HelperThreads}), serving the commands of one Operator
 * session in turn: each command's {@link Window} is armed right before its broadcast is sent, so
 * older lines (including the previous command's) cannot answer it, and disarmed once it has its
 * outcome. The stream runs until the session stops it, its budget ends or logcat exits; the line
 * cap bounds what it may consume in total.
 */
final class OperatorResultStream implements OutputListener {
    static final String LOGCAT_COMMAND = "logcat -v time -T 1";
    /** Bytes the reader may consume in total; logcat is not kept, only scanned line by line. */
    private static final long LOGCAT_CAP = 1024L * 1024 * 1024;
    private static final int STDERR_TAIL_CHARS = 2000;
    private static final long JOIN_MILLIS = 2000;

    private final AdbServerClient client;
    private final String serial;
    private final AdbServerClient.ServiceKind kind;
    private final Deadline deadline;
    private final LineSplitter splitter = new LineSplitter(ParserLimits.MAX_LOGCAT_LINE_BYTES);
    private final AdbCancellation cancellation = new AdbCancellation();
    private final BlockingQueue<Event> startEvents = new LinkedBlockingQueue<>();
    private final AtomicLong lines = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    /** The reader's work once started; null before. */
    private volatile HelperThreads.Running running;
    private final Object lock = new Object();
    /** The command whose result is awaited, or null between commands; guarded by {@link #lock}. */
    private Window current;
    private volatile StreamResult ended;
    private boolean firstBytesSeen;

    /** What the reader thread tells a waiting thread, in order. */
    sealed interface Event {
        record FirstBytes() implements Event {
        }

        record Accepted(OperatorResultAssembler.Verdict.Accepted verdict) implements Event {
        }

        record Malformed(String reason) implements Event {
        }

        record HostFailure(String reason) implements Event {
        }

        record Ended(StreamResult result) implements Event {
        }

        /** The waiting thread was interrupted: its caller gave up, so the reader is cancelled. */
        record Interrupted() implements Event {
        }
    }

    OperatorResultStream(AdbServerClient client, String serial, AdbServerClient.ServiceKind kind, Deadline deadline) {
        this.client = client;
        this.serial = serial;
        this.kind = kind;
        this.deadline = deadline;
    }

    /** Starts the reader on a helper thread kept across captures, named operator-result-reader-SERIAL while it reads. */
    void start() {
        running = HelperThreads.start("operator-result-reader-" + serial, this::read);
    }

    private void read() {
        StreamResult result = client.stream(serial, kind, LOGCAT_COMMAND, deadline, LOGCAT_CAP, cancellation, this);
        Event end = new Event.Ended(result);
        synchronized (lock) {
            ended = result;
            if (current != null) {
                current.events.add(end);
            }
        }
        startEvents.add(end);
    }

    @Override
    public boolean onStdout(byte[] data, int offset, int length) {
        bytes.addAndGet(length);
        synchronized (lock) {
            splitter.feed(data, offset, length, this::line);
        }
        if (!firstBytesSeen) {
            // Announced after the first bytes' lines were scanned unarmed: they predate any dispatch.
            firstBytesSeen = true;
            startEvents.add(new Event.FirstBytes());
        }
        return true;
    }

    /** Runs on the reader thread holding {@link #lock}. */
    private void line(byte[] line, int length, boolean cut) {
        lines.incrementAndGet();
        if (current != null) {
            current.accept(line, length, cut);
        }
    }

    /** The first start event within {@code millis}: first bytes, the stream's end, or null. */
    Event awaitStart(long millis) {
        return poll(startEvents, millis);
    }

    /** Lines from now on belong to {@code window}'s command; a stream that already ended tells it at once. */
    void arm(Window window) {
        synchronized (lock) {
            current = window;
            if (ended != null) {
                window.events.add(new Event.Ended(ended));
            }
        }
    }

    /** No command is awaited any more: later lines are scanned for nobody until the next arm. */
    void disarm(Window window) {
        synchronized (lock) {
            if (current == window) {
                current = null;
            }
        }
    }

    /** Whether the stream has ended (logcat exited, budget, cancellation, cap). */
    boolean ended() {
        return ended != null;
    }

    /** Cancels the stream and waits briefly for the thread, so diagnostics are final. */
    void stop() {
        cancellation.cancel();
        HelperThreads.Running reader = running;
        if (reader == null || !reader.isAlive()) {
            return;
        }
        try {
            reader.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The reader's diagnostics; {@code chunks} are the awaited command's own. */
    Map<String, Object> diagnostics(Window window, boolean dispatched) {
        StreamResult result = ended;
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("readerExitStatus", result == null ? null : result.exitStatus());
        details.put("readerOutcome", result == null ? "running" : result.outcome().name());
        details.put("stderrTail", result == null ? "" : Text.tail(result.stderrText(), STDERR_TAIL_CHARS));
        details.put("chunksReceived", window == null ? 0 : window.chunks());
        details.put("linesRead", lines.get());
        details.put("bytesRead", bytes.get());
        details.put("dispatched", dispatched);
        return details;
    }

    long lines() {
        return lines.get();
    }

    long bytes() {
        return bytes.get();
    }

    private Event poll(BlockingQueue<Event> events, long millis) {
        try {
            return millis <= 0 ? events.poll() : events.poll(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellation.cancel();
            return new Event.Interrupted();
        }
    }

    /** One command's share of the stream: its result assembly and its logged-hierarchy window. */
    final class Window {
        private final OperatorResultAssembler assembler;
        final LoggedHierarchyReader logged;
        private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        private volatile int chunks;
        private volatile OperatorResultAssembler.Verdict.Accepted accepted;
        private boolean finished;

        Window(OperatorGeneration generation, OperatorCommand command) {
            this.assembler = new OperatorResultAssembler(generation, command.commandId(), command.taskId(),
                    ParserLimits.MAX_LOGCAT_LINE_BYTES);
            this.logged = new LoggedHierarchyReader(command.commandId());
        }

        /** Runs on the reader thread holding the stream's lock. */
        private void accept(byte[] line, int length, boolean cut) {
            if (finished) {
                return;
            }
            // Every record of the window is offered: a logged hierarchy precedes the result line.
            logged.accept(line, length, cut);
            OperatorResultAssembler.Verdict verdict = assembler.accept(line, length, cut);
            chunks = assembler.chunksReceived();
            if (verdict instanceof OperatorResultAssembler.Verdict.Accepted acceptedVerdict) {
                finished = true;
                accepted = acceptedVerdict;
                events.add(new Event.Accepted(acceptedVerdict));
            } else if (verdict instanceof OperatorResultAssembler.Verdict.Malformed malformed) {
                finished = true;
                events.add(new Event.Malformed(malformed.reason()));
            } else if (verdict instanceof OperatorResultAssembler.Verdict.HostFailure failure) {
                finished = true;
                events.add(new Event.HostFailure(failure.reason()));
            }
        }

        int chunks() {
            return chunks;
        }

        boolean spooledToDisk() {
            return assembler.spooledToDisk();
        }

        /** The next event within {@code millis} (none when it is 0 and nothing is queued). */
        Event poll(long millis) {
            return OperatorResultStream.this.poll(events, millis);
        }

        /** A result the reader accepted and nobody has taken yet, or null. */
        Event.Accepted acceptedSoFar() {
            for (Event event : events) {
                if (event instanceof Event.Accepted acceptedEvent) {
                    return acceptedEvent;
                }
            }
            return null;
        }

        /**
         * Once disarmed: frees the chunk spool, and the accepted result's spooled strings unless
         * they went out in an answer ({@code handedOut}).
         */
        void release(boolean handedOut) {
            assembler.close();
            OperatorResultAssembler.Verdict.Accepted kept = accepted;
            if (!handedOut) {
                if (kept != null) {
                    kept.close();
                }
                logged.close();
            }
        }
    }
}
