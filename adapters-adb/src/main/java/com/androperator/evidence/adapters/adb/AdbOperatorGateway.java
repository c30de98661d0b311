package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Operator's command channel (device-protocol.md §4): speak the names of the selected
 * package's generation ({@link OperatorGeneration}), check that the package is installed (and not
 * its other variant instead) before every dispatch,
 * start {@code logcat -v time -T 1} on its own stream, dispatch exactly one {@code am broadcast}
 * once the reader runs, then wait for the matching result line (or its chunks) until the
 * deadline. Nothing is ever sent twice; every way of ending without a complete, consistent result
 * keeps its own code and the reader's diagnostics.
 */
public final class AdbOperatorGateway implements OperatorGateway {
    static final String PHASE_INSTALLED_CHECK = "installed_check";
    static final String PHASE_READER_START = "reader_start";
    static final String PHASE_DISPATCH = "dispatch";
    static final String PHASE_AWAIT_RESULT = "await_result";
    static final String LOGCAT_COMMAND = "logcat -v time -T 1";
    /** How long to wait for the reader's first bytes before dispatching anyway (an empty log prints nothing). */
    static final long DEFAULT_READER_START_FALLBACK_MILLIS = 500;
    private static final long COMMAND_OUTPUT_CAP = 1024 * 1024;
    /** Bytes the reader may consume in total; logcat is not kept, only scanned line by line. */
    private static final long LOGCAT_CAP = 1024L * 1024 * 1024;
    private static final int STDERR_TAIL_CHARS = 2000;
    private static final long READER_JOIN_MILLIS = 2000;

    private final DeviceShell shell;
    private final long readerStartFallbackMillis;

    public AdbOperatorGateway(AdbServerClient client) {
        this(client, DEFAULT_READER_START_FALLBACK_MILLIS);
    }

    AdbOperatorGateway(AdbServerClient client, long readerStartFallbackMillis) {
        this.shell = new DeviceShell(client);
        this.readerStartFallbackMillis = readerStartFallbackMillis;
    }

    @Override
    public OperatorOutcome execute(OperatorCommand command, Deadline deadline) {
        if (deadline.expired()) {
            return notAnswered(ErrorCodes.COMMAND_TIMEOUT, "the budget ran out before the Operator was asked",
                    PHASE_INSTALLED_CHECK, false, Map.of());
        }
        if (!ShellQuote.isValidSerial(command.serial())) {
            return notAnswered(ErrorCodes.BROADCAST_FAILED, "'" + Text.abbreviate(command.serial(), 80)
                    + "' is not a valid adb serial; nothing was sent", PHASE_INSTALLED_CHECK, false, Map.of());
        }
        if (!ShellQuote.isValidPackage(command.operatorPackage())) {
            return notAnswered(ErrorCodes.OPERATOR_NOT_INSTALLED, "'" + Text.abbreviate(command.operatorPackage(), 80)
                    + "' is not a valid Android package name, so no Operator can be installed under it;"
                    + " nothing was sent", PHASE_INSTALLED_CHECK, false, Map.of());
        }
        String payload = OperatorBroadcast.payload(command);
        if (OperatorBroadcast.payloadBytes(payload) > OperatorBroadcast.MAX_PAYLOAD_BYTES) {
            return notAnswered(ErrorCodes.BROADCAST_FAILED, "the command payload is "
                    + OperatorBroadcast.payloadBytes(payload) + " bytes, over the Operator's limit of "
                    + OperatorBroadcast.MAX_PAYLOAD_BYTES + "; nothing was sent", PHASE_DISPATCH, false, Map.of());
        }
        String serial = command.serial();
        OperatorGeneration generation = OperatorGeneration.of(command.operatorPackage());
        AdbServerClient.ServiceKind kind = shell.kindFor(serial, deadline);
        OperatorOutcome installed = new OperatorVariantCheck(shell.client(), COMMAND_OUTPUT_CAP)
                .check(serial, command.operatorPackage(), kind, deadline);
        if (installed != null) {
            return installed;
        }
        ResultReader reader = new ResultReader(serial, kind, command, generation, deadline);
        reader.start();
        OperatorOutcome outcome = null;
        try {
            outcome = readerStarted(reader, deadline)
                    ? dispatchAndAwait(reader, serial, kind, OperatorBroadcast.command(generation, command.operatorPackage(), payload),
                    deadline)
                    : reader.earlyOutcome;
            return outcome;
        } finally {
            reader.stop();
            // Spooled results not handed out in an Answered outcome are freed here; an answer's are its taker's.
            reader.release(outcome instanceof OperatorOutcome.Answered answered ? answered : null);
        }
    }

    /** Waits for the reader's first bytes (or the fallback delay); false when the command must stop here. */
    private boolean readerStarted(ResultReader reader, Deadline deadline) {
        long waitMillis = Math.min(readerStartFallbackMillis, deadline.remainingMillis());
        ReaderEvent event = reader.poll(waitMillis);
        if (event instanceof ReaderEvent.Ended ended) {
            reader.earlyOutcome = switch (ended.result().outcome()) {
                case DEADLINE -> timeout(reader, PHASE_READER_START, false,
                        "the budget ran out while starting the result reader");
                case CANCELLED -> notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled while starting the result"
                        + " reader; nothing was dispatched", PHASE_READER_START, false, reader.diagnostics(false));
                default -> notAnswered(ErrorCodes.RESULT_TRANSPORT_EXITED, "the logcat result reader ended before"
                        + " dispatch: " + ended.result().describe(), PHASE_READER_START, false, reader.diagnostics(false));
            };
            return false;
        }
        if (deadline.cancelled()) {
            reader.stop();
            reader.earlyOutcome = notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled before the broadcast was sent;"
                    + " nothing was dispatched", PHASE_DISPATCH, false, reader.diagnostics(false));
            return false;
        }
        if (event == null && deadline.expired()) {
            reader.earlyOutcome = timeout(reader, PHASE_READER_START, false,
                    "the budget ran out while starting the result reader");
            return false;
        }
        if (event instanceof ReaderEvent.Interrupted) {
            reader.earlyOutcome = notAnswered(ErrorCodes.COMMAND_TIMEOUT, "interrupted while starting the result"
                    + " reader; nothing was sent", PHASE_READER_START, false, reader.diagnostics(false));
            return false;
        }
        return true;
    }

    private OperatorOutcome dispatchAndAwait(ResultReader reader, String serial, AdbServerClient.ServiceKind kind,
                                             String broadcastCommand, Deadline deadline) {
        reader.armed = true;
        StreamResult broadcast = shell.client().run(serial, kind, broadcastCommand, deadline, COMMAND_OUTPUT_CAP, null);
        boolean dispatched = broadcast.serviceOpened();
        if (broadcast.outcome() == StreamResult.Outcome.DEADLINE
                || broadcast.outcome() == StreamResult.Outcome.CANCELLED) {
            // A foreground receiver can answer before am returns: a result already accepted still counts.
            ReaderEvent.Accepted early = reader.acceptedSoFar();
            if (early != null) {
                return answered(reader, early);
            }
            if (broadcast.outcome() == StreamResult.Outcome.CANCELLED) {
                reader.stop();
                return notAnswered(ErrorCodes.COMMAND_CANCELLED, dispatched ? "cancelled while am broadcast ran"
                        : "cancelled before the broadcast was sent", PHASE_DISPATCH, dispatched,
                        reader.diagnostics(dispatched));
            }
            return timeout(reader, PHASE_DISPATCH, dispatched, "the budget ran out while the broadcast was sent");
        }
        String output = broadcast.stdoutDescribed();
        if (!broadcast.succeeded() || !output.contains(OperatorBroadcast.COMPLETED_MARKER)) {
            Map<String, Object> details = reader.diagnostics(dispatched);
            details.put("broadcastOutput", Text.abbreviate(output + " " + broadcast.stderrText(), 1000));
            return notAnswered(ErrorCodes.BROADCAST_FAILED, "am broadcast to " + serial + " did not complete: "
                    + broadcast.describe() + withOutput(output), PHASE_DISPATCH, dispatched, details);
        }
        while (true) {
            ReaderEvent event = reader.poll(deadline.remainingMillis());
            if (event instanceof ReaderEvent.Accepted accepted) {
                return answered(reader, accepted);
            }
            if (event instanceof ReaderEvent.Malformed malformed) {
                Map<String, Object> details = reader.diagnostics(true);
                details.put("reason", malformed.reason());
                return notAnswered(ErrorCodes.RESULT_ENVELOPE_MALFORMED, "the Operator's result is malformed: "
                        + malformed.reason(), PHASE_AWAIT_RESULT, true, details);
            }
            if (event instanceof ReaderEvent.HostFailure failure) {
                Map<String, Object> details = reader.diagnostics(true);
                details.put("reason", failure.reason());
                return notAnswered(ErrorCodes.STORAGE_FAILED, "the Operator's result arrived but the host could not keep"
                        + " it: " + failure.reason(), PHASE_AWAIT_RESULT, true, details);
            }
            if (event instanceof ReaderEvent.Interrupted) {
                return notAnswered(ErrorCodes.COMMAND_TIMEOUT, "interrupted while waiting for the result; the"
                        + " reader was cancelled", PHASE_AWAIT_RESULT, true, reader.diagnostics(true));
            }
            if (event instanceof ReaderEvent.Ended ended) {
                if (ended.result().outcome() == StreamResult.Outcome.DEADLINE) {
                    return timeout(reader, PHASE_AWAIT_RESULT, true, "no result arrived before the deadline");
                }
                if (ended.result().outcome() == StreamResult.Outcome.CANCELLED && deadline.cancelled()) {
                    return notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled while waiting for the result; the"
                            + " reader was closed", PHASE_AWAIT_RESULT, true, reader.diagnostics(true));
                }
                return notAnswered(ErrorCodes.RESULT_TRANSPORT_EXITED, "the logcat result reader ended before a"
                        + " complete result arrived: " + ended.result().describe(), PHASE_AWAIT_RESULT, true,
                        reader.diagnostics(true));
            }
            if (event == null && deadline.expired()) {
                return timeout(reader, PHASE_AWAIT_RESULT, true, "no result arrived before the deadline");
            }
        }
    }

    private static OperatorOutcome answered(ResultReader reader, ReaderEvent.Accepted accepted) {
        Map<String, Object> diagnostics = new LinkedHashMap<>();
        diagnostics.put("chunks", reader.chunks.get());
        diagnostics.put("lines", reader.lines.get());
        diagnostics.put("bytes", reader.bytes.get());
        diagnostics.put("spooledToDisk", reader.assembler.spooledToDisk() || accepted.verdict().document().strings() != null
                && accepted.verdict().document().strings().spooledToDisk());
        // The window ended with the result: what it held of a logged hierarchy is final now.
        LoggedHierarchy logged = reader.logged.result();
        diagnostics.put("loggedHierarchy", reader.logged.diagnostics());
        LoggedHierarchyReader loggedSpool = reader.logged;
        return new OperatorOutcome.Answered(accepted.verdict().envelope(), accepted.verdict().original(), diagnostics,
                logged, () -> {
                    accepted.verdict().document().close();
                    loggedSpool.close();
                });
    }

    private static OperatorOutcome timeout(ResultReader reader, String phase, boolean dispatched, String message) {
        // Stop the reader first so that its exit status and stderr are part of the diagnostics.
        reader.stop();
        return notAnswered(ErrorCodes.COMMAND_TIMEOUT, message, phase, dispatched, reader.diagnostics(dispatched));
    }

    static OperatorOutcome notAnswered(String code, String message, String phase, boolean dispatched,
                                               Map<String, Object> details) {
        return new OperatorOutcome.NotAnswered(new Failure(code, message, details), phase, dispatched);
    }

    /** What the reader thread tells the waiting thread, in order. */
    private sealed interface ReaderEvent {
        record FirstBytes() implements ReaderEvent {
        }

        record Accepted(OperatorResultAssembler.Verdict.Accepted verdict) implements ReaderEvent {
        }

        record Malformed(String reason) implements ReaderEvent {
        }

        record HostFailure(String reason) implements ReaderEvent {
        }

        record Ended(StreamResult result) implements ReaderEvent {
        }

        /** The waiting thread was interrupted: its caller gave up, so the reader is cancelled. */
        record Interrupted() implements ReaderEvent {
        }
    }

    /**
     * The logcat stream on its own thread. Lines are matched only once {@link #armed} is set,
     * right before the broadcast is sent: older lines cannot answer a command not yet sent.
     */
    private final class ResultReader implements OutputListener {
        private final String serial;
        private final AdbServerClient.ServiceKind kind;
        private final Deadline deadline;
        private final OperatorResultAssembler assembler;
        private final LoggedHierarchyReader logged;
        private final LineSplitter splitter = new LineSplitter(ParserLimits.MAX_LOGCAT_LINE_BYTES);
        private final AdbCancellation cancellation = new AdbCancellation();
        private final BlockingQueue<ReaderEvent> events = new LinkedBlockingQueue<>();
        private final AtomicInteger chunks = new AtomicInteger();
        private final AtomicLong lines = new AtomicLong();
        private final AtomicLong bytes = new AtomicLong();
        private final Thread thread;
        private volatile boolean armed;
        private volatile OperatorResultAssembler.Verdict.Accepted accepted;
        private volatile StreamResult ended;
        private boolean firstBytesSeen;
        private boolean finished;
        private OperatorOutcome earlyOutcome;

        ResultReader(String serial, AdbServerClient.ServiceKind kind, OperatorCommand command,
                     OperatorGeneration generation, Deadline deadline) {
            this.serial = serial;
            this.kind = kind;
            this.deadline = deadline;
            this.assembler = new OperatorResultAssembler(generation, command.commandId(), command.taskId(),
                    ParserLimits.MAX_LOGCAT_LINE_BYTES);
            this.logged = new LoggedHierarchyReader(command.commandId());
            this.thread = new Thread(this::read, "operator-result-reader-" + serial);
            this.thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        private void read() {
            StreamResult result = shell.client().stream(serial, kind, LOGCAT_COMMAND, deadline, LOGCAT_CAP,
                    cancellation, this);
            ended = result;
            events.add(new ReaderEvent.Ended(result));
        }

        @Override
        public boolean onStdout(byte[] data, int offset, int length) {
            bytes.addAndGet(length);
            splitter.feed(data, offset, length, this::line);
            if (!firstBytesSeen) {
                // Announced after the first bytes' lines were scanned unarmed: they predate dispatch.
                firstBytesSeen = true;
                events.add(new ReaderEvent.FirstBytes());
            }
            return !finished;
        }

        private void line(byte[] line, int length, boolean cut) {
            lines.incrementAndGet();
            if (finished || !armed) {
                return;
            }
            // Every record of the window is offered: a logged hierarchy precedes the result line.
            logged.accept(line, length, cut);
            OperatorResultAssembler.Verdict verdict = assembler.accept(line, length, cut);
            chunks.set(assembler.chunksReceived());
            if (verdict instanceof OperatorResultAssembler.Verdict.Accepted accepted) {
                finished = true;
                this.accepted = accepted;
                events.add(new ReaderEvent.Accepted(accepted));
            } else if (verdict instanceof OperatorResultAssembler.Verdict.Malformed malformed) {
                finished = true;
                events.add(new ReaderEvent.Malformed(malformed.reason()));
            } else if (verdict instanceof OperatorResultAssembler.Verdict.HostFailure failure) {
                finished = true;
                events.add(new ReaderEvent.HostFailure(failure.reason()));
            }
        }

        /**
         * After the reader stopped: frees the chunk spool, and the accepted result's spooled strings
         * unless they went out in {@code answer}.
         */
        void release(OperatorOutcome.Answered answer) {
            assembler.close();
            OperatorResultAssembler.Verdict.Accepted kept = accepted;
            if (kept != null && answer == null) {
                kept.document().close();
            }
            if (answer == null) {
                logged.close();
            }
        }

        /** The next event within {@code millis} (none when it is 0 and nothing is queued). */
        ReaderEvent poll(long millis) {
            try {
                return millis <= 0 ? events.poll() : events.poll(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancellation.cancel();
                return new ReaderEvent.Interrupted();
            }
        }

        /** A result the reader accepted and nobody has taken yet, or null. */
        ReaderEvent.Accepted acceptedSoFar() {
            for (ReaderEvent event : events) {
                if (event instanceof ReaderEvent.Accepted accepted) {
                    return accepted;
                }
            }
            return null;
        }

        /** Cancels the stream and waits briefly for the thread, so diagnostics are final. */
        void stop() {
            cancellation.cancel();
            try {
                thread.join(READER_JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        Map<String, Object> diagnostics(boolean dispatched) {
            StreamResult result = ended;
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("readerExitStatus", result == null ? null : result.exitStatus());
            details.put("readerOutcome", result == null ? "running" : result.outcome().name());
            details.put("stderrTail", result == null ? "" : Text.tail(result.stderrText(), STDERR_TAIL_CHARS));
            details.put("chunksReceived", chunks.get());
            details.put("linesRead", lines.get());
            details.put("bytesRead", bytes.get());
            details.put("dispatched", dispatched);
            return details;
        }
    }

    /** ": <output>" when the device printed something, nothing otherwise (no dangling separator). */
    static String withOutput(String output) {
        String shown = output == null ? "" : output.strip();
        return shown.isEmpty() ? "" : ": " + Text.abbreviate(shown, 300);
    }
}
