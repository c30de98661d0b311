package com.androperator.evidence.domain.port;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.RawJson;
import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.domain.model.Failure;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The Operator app's command channel: one broadcast dispatch per command, answered through a
 * logcat result reader started before the first dispatch. It never sends a command twice. A
 * result accepted before the deadline is returned even if the deadline passes afterwards.
 */
public interface OperatorGateway {

    /**
     * A session for the commands of one capture on one device: the package is checked (installed,
     * not its other variant) once and one result reader serves every command. Opening sends
     * nothing; the first command does the check and starts the reader before its dispatch.
     */
    OperatorSession open(String serial, String operatorPackage);

    /** One command in a session of its own. */
    default OperatorOutcome execute(OperatorCommand command, Deadline deadline) {
        try (OperatorSession session = open(command.serial(), command.operatorPackage())) {
            return session.execute(command, deadline);
        }
    }

    /** The open channel of one capture; closing it stops its reader (idempotent). */
    interface OperatorSession extends AutoCloseable {
        /** Dispatches {@code command} (for this session's device and package) once and awaits its result. */
        OperatorOutcome execute(OperatorCommand command, Deadline deadline);

        @Override
        void close();
    }

    /** One action of a command, e.g. {@code {"id":"snap","type":"snapshot_ui"}}. */
    record OperatorAction(String id, String type) {
    }

    /**
     * A command as dispatched. {@code timeoutMs} is the engine timeout written into the payload
     * (1000..120000); {@code source} is the tool name (at most 64 characters), ids at most 128.
     */
    record OperatorCommand(String serial, String operatorPackage, String commandId, String taskId,
                           String source, int timeoutMs, List<OperatorAction> actions) {
        public OperatorCommand {
            if (timeoutMs < 1000 || timeoutMs > 120_000) {
                throw new IllegalArgumentException("engine timeout must be 1000..120000 ms");
            }
            if (commandId == null || commandId.isEmpty() || commandId.length() > 128
                    || taskId == null || taskId.isEmpty() || taskId.length() > 128) {
                throw new IllegalArgumentException("commandId and taskId are 1..128 characters");
            }
            if (source == null || source.isEmpty() || source.length() > 64) {
                throw new IllegalArgumentException("source is 1..64 characters");
            }
            actions = List.copyOf(actions);
        }
    }

    /**
     * One step of an envelope, typed where the adapter parses it: {@code text} is the step's
     * {@code data.text} (a snapshot's hierarchy XML; the adapter spools a long one, valid UTF-8 byte
     * for byte), null when the step has none; {@code readiness} holds a doctor_ping step's facts.
     * The step's other data stays in the envelope the Operator printed ({@link OperatorOutcome.Answered#original}),
     * which captures.json keeps verbatim; nothing here reads it by key.
     */
    record StepResult(String id, String actionType, boolean success, @Nullable StreamedString text,
                      Readiness readiness) {
        public StepResult {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(actionType, "actionType");
            Objects.requireNonNull(readiness, "readiness");
        }

        /** A step that reports no readiness facts. */
        public StepResult(String id, String actionType, boolean success, @Nullable StreamedString text) {
            this(id, actionType, success, text, Readiness.UNKNOWN);
        }

        /** A step without data.text or readiness facts. */
        public StepResult(String id, String actionType, boolean success) {
            this(id, actionType, success, null);
        }
    }

    /**
     * The readiness facts of a doctor_ping step ({@code data.screen_on}, {@code data.device_locked},
     * {@code data.user_unlocked}). Each is "true"/"false" on the wire; anything else (or absence)
     * is null here and never counts as ready.
     */
    record Readiness(@Nullable Boolean screenOn, @Nullable Boolean deviceLocked, @Nullable Boolean userUnlocked) {
        /** No facts reported. */
        public static final Readiness UNKNOWN = new Readiness(null, null, null);

        public boolean ready() {
            return Boolean.TRUE.equals(screenOn) && Boolean.FALSE.equals(deviceLocked) && Boolean.TRUE.equals(userUnlocked);
        }
    }

    /** The Operator's canonical result envelope, typed. */
    record OperatorEnvelope(String commandId, @Nullable String taskId, String status, List<StepResult> stepResults,
                            @Nullable String error, @Nullable String errorCode) {
        public OperatorEnvelope {
            stepResults = stepResults == null ? List.of() : List.copyOf(stepResults);
        }

        public boolean succeeded() {
            return "success".equals(status);
        }
    }

    /**
     * What the command's logcat window held of a hierarchy logged as tagged lines (Operators before
     * Clawperator 0.12.3, reference-compat.md §3). The capture uses it only when the snapshot step
     * has no {@code data.text}.
     */
    sealed interface LoggedHierarchy {
        /** No hierarchy marker of any kind in the window. */
        record Absent() implements LoggedHierarchy {
        }

        /** The records after {@code [TaskScope] UI Hierarchy [commandId=<this command>]:}, joined and trimmed. */
        record Found(StreamedString xml, long records) implements LoggedHierarchy {
        }

        /** Only the untagged marker {@code [TaskScope] UI Hierarchy:}: an Operator too old to name its command. */
        record UntaggedMarkerOnly() implements LoggedHierarchy {
        }

        /** This command's marker, but its records cannot be kept as they are (not UTF-8, too long). */
        record Unusable(String reason) implements LoggedHierarchy {
        }
    }

    /**
     * How an answered command's result arrived: the command's own result chunks, the lines and
     * bytes the reader had read, whether a long string went to a host spool file, and what the
     * command's logcat window held of a logged hierarchy. Kept in captures.json as the hierarchy
     * record's {@code details.reader}, in this order.
     */
    record ReaderDiagnostics(int chunks, long lines, long bytes, boolean spooledToDisk,
                             LoggedHierarchyScan loggedHierarchy) {
        public ReaderDiagnostics {
            Objects.requireNonNull(loggedHierarchy, "loggedHierarchy");
        }

        /** The diagnostics as captures.json writes them: each component under its name, in order. */
        public Details details() {
            return Details.builder().number(DetailKey.CHUNKS, chunks).number(DetailKey.LINES, lines)
                    .number(DetailKey.BYTES, bytes).flag(DetailKey.SPOOLED_TO_DISK, spooledToDisk)
                    .nested(DetailKey.LOGGED_HIERARCHY, loggedHierarchy.details()).build();
        }
    }

    /**
     * How the logged-hierarchy collection of one window went: whether this command's marker was
     * found and under which tag, the records and bytes kept, what stopped the collection, whether
     * only the untagged marker of an older Operator was seen, and whether the text was spooled.
     */
    record LoggedHierarchyScan(boolean markerFound, @Nullable String tag, long records, long bytes,
                               @Nullable String stoppedBy, boolean untaggedMarkerSeen, boolean spooledToDisk) {
        /** The scan as captures.json writes it: each component under its name, in order, nulls included. */
        public Details details() {
            return Details.builder().flag(DetailKey.MARKER_FOUND, markerFound).textOrNull(DetailKey.TAG, tag)
                    .number(DetailKey.RECORDS, records).number(DetailKey.BYTES, bytes)
                    .textOrNull(DetailKey.STOPPED_BY, stoppedBy).flag(DetailKey.UNTAGGED_MARKER_SEEN, untaggedMarkerSeen)
                    .flag(DetailKey.SPOOLED_TO_DISK, spooledToDisk).build();
        }
    }

    sealed interface OperatorOutcome {
        /**
         * A complete, consistent result arrived for this command. {@code original} is the
         * envelope's exact bytes as read and checked from the result line (kept verbatim in
         * captures.json, possibly spooled); {@code readerDiagnostics} says how it arrived
         * (chunk count, bytes, lines). Spooled strings stay readable until {@link #release()},
         * which the caller runs once it has written them.
         */
        record Answered(OperatorEnvelope envelope, RawJson original,
                        ReaderDiagnostics readerDiagnostics, LoggedHierarchy loggedHierarchy,
                        Runnable releaser) implements OperatorOutcome {
            public Answered {
                loggedHierarchy = loggedHierarchy == null ? new LoggedHierarchy.Absent() : loggedHierarchy;
                releaser = releaser == null ? () -> { } : releaser;
            }

            public Answered(OperatorEnvelope envelope, RawJson original,
                            ReaderDiagnostics readerDiagnostics, Runnable releaser) {
                this(envelope, original, readerDiagnostics, new LoggedHierarchy.Absent(), releaser);
            }

            public Answered(OperatorEnvelope envelope, RawJson original,
                            ReaderDiagnostics readerDiagnostics) {
                this(envelope, original, readerDiagnostics, new LoggedHierarchy.Absent(), () -> { });
            }

            /** Frees what holds the spooled strings (a temporary file); idempotent. */
            public void release() {
                releaser.run();
            }
        }

        /**
         * No usable result. {@code failure.code}: OPERATOR_NOT_INSTALLED, OPERATOR_VARIANT_MISMATCH,
         * DEVICE_SHELL_UNAVAILABLE (the package query failed), BROADCAST_FAILED,
         * RESULT_TRANSPORT_EXITED, RESULT_ENVELOPE_MALFORMED (also: not valid UTF-8, over a parser
         * limit), STORAGE_FAILED (the host could not spool a large result), COMMAND_TIMEOUT or
         * COMMAND_CANCELLED (the deadline's cancellation ended it; nothing is sent after it).
         * {@code phase} is where it
         * stopped (installed_check, reader_start, dispatch, await_result); {@code dispatched}
         * whether the broadcast was sent; {@code failure.details} holds reader diagnostics (exit
         * status, stderr tail, chunks received).
         */
        record NotAnswered(Failure failure, CommandPhase phase, boolean dispatched) implements OperatorOutcome {
            public NotAnswered {
                Objects.requireNonNull(failure, "failure");
                Objects.requireNonNull(phase, "phase");
            }
        }
    }
}
