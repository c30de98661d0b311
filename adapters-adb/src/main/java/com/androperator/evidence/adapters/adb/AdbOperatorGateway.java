package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchy;
import com.androperator.evidence.domain.port.OperatorGateway.ReaderDiagnostics;
import java.util.Map;
import java.util.Objects;

/**
 * The Operator's command channel (device-protocol.md §4): speak the names of the selected
 * package's generation ({@link OperatorGeneration}); per session (one capture), check once that
 * the package is installed (and not its other variant instead) and start one
 * {@code logcat -v time -T 1} stream ({@link OperatorResultStream}) before the first dispatch; for
 * each command dispatch exactly one {@code am broadcast} once the reader has printed its first
 * bytes, then wait for the matching result line (or its chunks) until the deadline. Nothing is ever sent twice; every way
 * of ending without a complete, consistent result keeps its own code and the reader's diagnostics.
 */
public final class AdbOperatorGateway implements OperatorGateway {
    static final CommandPhase PHASE_INSTALLED_CHECK = CommandPhase.INSTALLED_CHECK;
    static final CommandPhase PHASE_READER_START = CommandPhase.READER_START;
    static final CommandPhase PHASE_DISPATCH = CommandPhase.DISPATCH;
    static final CommandPhase PHASE_AWAIT_RESULT = CommandPhase.AWAIT_RESULT;
    /** How long to wait for the reader's first bytes before dispatching anyway (an empty log prints nothing). */
    static final long DEFAULT_READER_START_FALLBACK_MILLIS = 500;
    private static final long COMMAND_OUTPUT_CAP = 1024 * 1024;
    /** The line logged when the reader has printed nothing by the fallback delay (toolbox {@code log}). */
    static final String READER_CHECK_COMMAND = "log -t AndroperatorEvidence 'waiting for the result reader'";

    private final DeviceShell shell;
    private final long readerStartFallbackMillis;

    public AdbOperatorGateway(AdbServerClient client) {
        this(client, DEFAULT_READER_START_FALLBACK_MILLIS);
    }

    AdbOperatorGateway(AdbServerClient client, long readerStartFallbackMillis) {
        this.shell = client.shell();
        this.readerStartFallbackMillis = readerStartFallbackMillis;
    }

    @Override
    public OperatorSession open(String serial, String operatorPackage) {
        return new Session(serial, operatorPackage);
    }

    /**
     * The commands of one capture: the package is checked and the logcat reader started before
     * the first dispatch, then every command of the session is dispatched on that same reader
     * (a reader that ended between commands is started again, never the check). Closing stops
     * the reader and waits for its thread.
     */
    private final class Session implements OperatorSession {
        private final String serial;
        private final String operatorPackage;
        private final OperatorGeneration generation;
        private AdbServerClient.ServiceKind kind;
        private OperatorResultStream stream;

        Session(String serial, String operatorPackage) {
            this.serial = serial;
            this.operatorPackage = operatorPackage;
            this.generation = ShellQuote.isValidPackage(operatorPackage) ? OperatorGeneration.of(operatorPackage) : null;
        }

        @Override
        public OperatorOutcome execute(OperatorCommand command, Deadline deadline) {
            if (!Objects.equals(serial, command.serial()) || !Objects.equals(operatorPackage, command.operatorPackage())) {
                throw new IllegalArgumentException("a session's commands go to its own device and package");
            }
            if (deadline.expired()) {
                return notAnswered(ErrorCodes.COMMAND_TIMEOUT, "the budget ran out before the Operator was asked",
                        PHASE_INSTALLED_CHECK, false, Map.of());
            }
            if (!ShellQuote.isValidSerial(serial)) {
                return notAnswered(ErrorCodes.BROADCAST_FAILED, "'" + Text.abbreviate(serial, 80)
                        + "' is not a valid adb serial; nothing was sent", PHASE_INSTALLED_CHECK, false, Map.of());
            }
            if (generation == null) {
                return notAnswered(ErrorCodes.OPERATOR_NOT_INSTALLED, "'" + Text.abbreviate(operatorPackage, 80)
                        + "' is not a valid Android package name, so no Operator can be installed under it;"
                        + " nothing was sent", PHASE_INSTALLED_CHECK, false, Map.of());
            }
            String payload = OperatorBroadcast.payload(command);
            if (OperatorBroadcast.payloadBytes(payload) > OperatorBroadcast.MAX_PAYLOAD_BYTES) {
                return notAnswered(ErrorCodes.BROADCAST_FAILED, "the command payload is "
                        + OperatorBroadcast.payloadBytes(payload) + " bytes, over the Operator's limit of "
                        + OperatorBroadcast.MAX_PAYLOAD_BYTES + "; nothing was sent", PHASE_DISPATCH, false, Map.of());
            }
            if (kind == null) {
                // Once per session: the package check answers for every command of this capture.
                AdbServerClient.ServiceKind found = shell.kindFor(serial, deadline);
                OperatorOutcome installed = new OperatorVariantCheck(shell.client(), COMMAND_OUTPUT_CAP)
                        .check(serial, operatorPackage, found, deadline);
                if (installed != null) {
                    return installed;
                }
                kind = found;
            }
            if (stream == null || stream.ended()) {
                close();
                OperatorResultStream started = new OperatorResultStream(shell.client(), serial, kind, deadline);
                started.start();
                stream = started;
                OperatorOutcome early = readerStarted(started, deadline);
                if (early != null) {
                    close();
                    return early;
                }
            }
            OperatorResultStream.Window window = stream.new Window(generation, command);
            OperatorOutcome outcome = null;
            try {
                outcome = dispatchAndAwait(stream, window, OperatorBroadcast.command(generation, operatorPackage,
                        payload), deadline);
                return outcome;
            } finally {
                stream.disarm(window);
                // Spooled results not handed out in an Answered outcome are freed here; an answer's are its taker's.
                window.release(outcome instanceof OperatorOutcome.Answered);
            }
        }

        @Override
        public void close() {
            if (stream != null) {
                stream.stop();
                stream = null;
            }
        }

        /**
         * Waits for the reader's first bytes, the proof that logcat is attached; the outcome when the
         * command must stop here. A reader that attaches after the answer was logged would miss it
         * ({@code -T 1} replays one line), so a silent reader is never trusted on time alone: after the
         * fallback delay one line of our own is logged (an attached reader prints it, a late one
         * replays it) and the wait goes on. Only a device that cannot log that line is dispatched to
         * without the proof, as before.
         */
        private OperatorOutcome readerStarted(OperatorResultStream reader, Deadline deadline) {
            long waitMillis = Math.min(readerStartFallbackMillis, deadline.remainingMillis());
            OperatorResultStream.Event event = reader.awaitStart(waitMillis);
            if (event == null && !deadline.expired() && !deadline.cancelled() && logReaderCheck(deadline)) {
                event = reader.awaitStart(deadline.remainingMillis());
            }
            if (event instanceof OperatorResultStream.Event.Ended ended) {
                return switch (ended.result().outcome()) {
                    case DEADLINE -> timeout(reader, null, PHASE_READER_START, false,
                            "the budget ran out while starting the result reader");
                    case CANCELLED -> notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled while starting the result"
                            + " reader; nothing was dispatched", PHASE_READER_START, false,
                            reader.diagnostics(null, false));
                    default -> notAnswered(ErrorCodes.RESULT_TRANSPORT_EXITED, "the logcat result reader ended before"
                            + " dispatch: " + ended.result().describe(), PHASE_READER_START, false,
                            reader.diagnostics(null, false));
                };
            }
            if (deadline.cancelled()) {
                reader.stop();
                return notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled before the broadcast was sent;"
                        + " nothing was dispatched", PHASE_DISPATCH, false, reader.diagnostics(null, false));
            }
            if (event == null && deadline.expired()) {
                return timeout(reader, null, PHASE_READER_START, false,
                        "the budget ran out while starting the result reader");
            }
            if (event instanceof OperatorResultStream.Event.Interrupted) {
                return notAnswered(ErrorCodes.COMMAND_TIMEOUT, "interrupted while starting the result"
                        + " reader; nothing was sent", PHASE_READER_START, false, reader.diagnostics(null, false));
            }
            return null;
        }

        /** Logs {@link #READER_CHECK_COMMAND}; whether the device took it. */
        private boolean logReaderCheck(Deadline deadline) {
            StreamResult logged = shell.client().run(serial, kind, READER_CHECK_COMMAND, deadline, COMMAND_OUTPUT_CAP,
                    null);
            return logged.succeeded();
        }

        private OperatorOutcome dispatchAndAwait(OperatorResultStream reader, OperatorResultStream.Window window,
                                                 String broadcastCommand, Deadline deadline) {
            if (deadline.cancelled()) {
                return notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled before the broadcast was sent;"
                        + " nothing was dispatched", PHASE_DISPATCH, false, reader.diagnostics(window, false));
            }
            reader.arm(window);
            StreamResult broadcast = shell.client().run(serial, kind, broadcastCommand, deadline, COMMAND_OUTPUT_CAP,
                    null);
            boolean dispatched = broadcast.serviceOpened();
            if (broadcast.outcome() == StreamResult.Outcome.DEADLINE
                    || broadcast.outcome() == StreamResult.Outcome.CANCELLED) {
                // A foreground receiver can answer before am returns: a result already accepted still counts.
                OperatorResultStream.Event.Accepted early = window.acceptedSoFar();
                if (early != null) {
                    return answered(reader, window, early);
                }
                if (broadcast.outcome() == StreamResult.Outcome.CANCELLED) {
                    reader.stop();
                    return notAnswered(ErrorCodes.COMMAND_CANCELLED, dispatched ? "cancelled while am broadcast ran"
                            : "cancelled before the broadcast was sent", PHASE_DISPATCH, dispatched,
                            reader.diagnostics(window, dispatched));
                }
                return timeout(reader, window, PHASE_DISPATCH, dispatched,
                        "the budget ran out while the broadcast was sent");
            }
            String output = broadcast.stdoutDescribed();
            if (!broadcast.succeeded() || !output.contains(OperatorBroadcast.COMPLETED_MARKER)) {
                Map<String, Object> details = reader.diagnostics(window, dispatched);
                details.put("broadcastOutput", Text.abbreviate(output + " " + broadcast.stderrText(), 1000));
                return notAnswered(ErrorCodes.BROADCAST_FAILED, "am broadcast to " + serial + " did not complete: "
                        + broadcast.describe() + withOutput(output), PHASE_DISPATCH, dispatched, details);
            }
            return awaitResult(reader, window, deadline);
        }
    }

    private static OperatorOutcome awaitResult(OperatorResultStream reader, OperatorResultStream.Window window,
                                               Deadline deadline) {
        while (true) {
            OperatorResultStream.Event event = window.poll(deadline.remainingMillis());
            if (event instanceof OperatorResultStream.Event.Accepted accepted) {
                return answered(reader, window, accepted);
            }
            if (event instanceof OperatorResultStream.Event.Malformed malformed) {
                Map<String, Object> details = reader.diagnostics(window, true);
                details.put("reason", malformed.reason());
                return notAnswered(ErrorCodes.RESULT_ENVELOPE_MALFORMED, "the Operator's result is malformed: "
                        + malformed.reason(), PHASE_AWAIT_RESULT, true, details);
            }
            if (event instanceof OperatorResultStream.Event.HostFailure failure) {
                Map<String, Object> details = reader.diagnostics(window, true);
                details.put("reason", failure.reason());
                return notAnswered(ErrorCodes.STORAGE_FAILED, "the Operator's result arrived but the host could not keep"
                        + " it: " + failure.reason(), PHASE_AWAIT_RESULT, true, details);
            }
            if (event instanceof OperatorResultStream.Event.Interrupted) {
                return notAnswered(ErrorCodes.COMMAND_TIMEOUT, "interrupted while waiting for the result; the"
                        + " reader was cancelled", PHASE_AWAIT_RESULT, true, reader.diagnostics(window, true));
            }
            if (event instanceof OperatorResultStream.Event.Ended ended) {
                if (ended.result().outcome() == StreamResult.Outcome.DEADLINE) {
                    return timeout(reader, window, PHASE_AWAIT_RESULT, true, "no result arrived before the deadline");
                }
                if (ended.result().outcome() == StreamResult.Outcome.CANCELLED && deadline.cancelled()) {
                    return notAnswered(ErrorCodes.COMMAND_CANCELLED, "cancelled while waiting for the result; the"
                            + " reader was closed", PHASE_AWAIT_RESULT, true, reader.diagnostics(window, true));
                }
                return notAnswered(ErrorCodes.RESULT_TRANSPORT_EXITED, "the logcat result reader ended before a"
                        + " complete result arrived: " + ended.result().describe(), PHASE_AWAIT_RESULT, true,
                        reader.diagnostics(window, true));
            }
            if (event == null && deadline.expired()) {
                return timeout(reader, window, PHASE_AWAIT_RESULT, true, "no result arrived before the deadline");
            }
        }
    }

    private static OperatorOutcome answered(OperatorResultStream reader, OperatorResultStream.Window window,
                                            OperatorResultStream.Event.Accepted accepted) {
        boolean spooled = window.spooledToDisk() || accepted.verdict().document().strings() != null
                && accepted.verdict().document().strings().spooledToDisk();
        // The window ended with the result: what it held of a logged hierarchy is final now.
        LoggedHierarchyReader loggedSpool = window.logged;
        LoggedHierarchy logged = loggedSpool.result();
        ReaderDiagnostics diagnostics = new ReaderDiagnostics(window.chunks(), reader.lines(), reader.bytes(), spooled,
                loggedSpool.diagnostics());
        return new OperatorOutcome.Answered(accepted.verdict().envelope(), accepted.verdict().original(), diagnostics,
                logged, () -> {
                    accepted.verdict().close();
                    loggedSpool.close();
                });
    }

    private static OperatorOutcome timeout(OperatorResultStream reader, OperatorResultStream.Window window,
                                           CommandPhase phase, boolean dispatched, String message) {
        // Stop the reader first so that its exit status and stderr are part of the diagnostics.
        reader.stop();
        return notAnswered(ErrorCodes.COMMAND_TIMEOUT, message, phase, dispatched, reader.diagnostics(window, dispatched));
    }

    static OperatorOutcome notAnswered(String code, String message, CommandPhase phase, boolean dispatched,
                                       Map<String, Object> details) {
        return new OperatorOutcome.NotAnswered(new Failure(code, message, Details.fromJson(details)), phase, dispatched);
    }

    /** ": <output>" when the device printed something, nothing otherwise (no dangling separator). */
    static String withOutput(String output) {
        String shown = output == null ? "" : output.strip();
        return shown.isEmpty() ? "" : ": " + Text.abbreviate(shown, 300);
    }
}
