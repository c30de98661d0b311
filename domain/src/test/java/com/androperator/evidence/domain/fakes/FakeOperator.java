package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.OperatorGateway;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Operator's command channel, scripted per action type ({@code doctor_ping},
 * {@code snapshot_ui}, ...). Every command handed to it counts as dispatched and is recorded, so
 * scenarios can assert that nothing was sent twice and that no wake/unlock/Home action was sent.
 * A command without a script is answered with failure {@code UNSCRIPTED_ACTION}.
 */
public final class FakeOperator implements OperatorGateway {
    public static final String READINESS = "doctor_ping";
    public static final String SNAPSHOT = "snapshot_ui";
    public static final String HIERARCHY_XML = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
            + "<hierarchy rotation=\"0\"><node index=\"0\" text=\"Settings\" resource-id=\"\" class=\"android.widget.FrameLayout\""
            + " package=\"com.android.settings\" bounds=\"[0,0][1080,2400]\"><node index=\"0\" text=\"Réseau &amp; «Wi‑Fi» 📶\""
            + " class=\"android.widget.TextView\" bounds=\"[42,210][1038,320]\" /></node></hierarchy>";

    /**
     * One step as the Operator prints it: {@code data} holds the wire's string values (a
     * {@link StreamedString} stands for a value the gateway spooled). {@link #answered} types it
     * as the gateway does where it parses the envelope (data.text, the readiness facts) and keeps
     * the whole step in the envelope's original bytes.
     */
    public record Step(String id, String actionType, boolean success, Map<String, ?> data) {
        public Step {
            data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
        }

        /** A step without data. */
        public Step(String id, String actionType, boolean success) {
            this(id, actionType, success, Map.of());
        }

        StepResult typed() {
            Object text = data.get("text");
            StreamedString snapshotText = text instanceof StreamedString streamed ? streamed
                    : text instanceof String plain ? StreamedString.of(plain) : null;
            return new StepResult(id, actionType, success, snapshotText, new OperatorGateway.Readiness(
                    fact(data.get("screen_on")), fact(data.get("device_locked")), fact(data.get("user_unlocked"))));
        }
    }

    /** One scripted answer to a command. */
    @FunctionalInterface
    public interface Script {
        OperatorOutcome run(OperatorCommand command, Deadline deadline, ManualMonotonicClock clock);
    }

    private final ManualMonotonicClock clock;
    private final Map<String, Script> scripts = new HashMap<>();
    private final List<OperatorCommand> commands = new ArrayList<>();
    private int opened;
    private int closed;

    public FakeOperator(ManualMonotonicClock clock) {
        this.clock = clock;
        scripts.put(READINESS, readiness("true", "false", "true"));
        scripts.put(SNAPSHOT, snapshot(HIERARCHY_XML));
    }

    /** Scripts the answer to commands whose first action has {@code actionType}. */
    public FakeOperator on(String actionType, Script script) {
        scripts.put(actionType, script);
        return this;
    }

    /** Sessions share the scripts; each counts as one package check and one result reader. */
    @Override
    public OperatorSession open(String serial, String operatorPackage) {
        opened++;
        return new OperatorSession() {
            private boolean closed;

            @Override
            public OperatorOutcome execute(OperatorCommand command, Deadline deadline) {
                if (closed) {
                    throw new IllegalStateException("a command on a closed session");
                }
                return FakeOperator.this.execute(command, deadline);
            }

            @Override
            public void close() {
                if (!closed) {
                    closed = true;
                    FakeOperator.this.closed++;
                }
            }
        };
    }

    /** How many sessions were opened and how many of them closed. */
    public int sessionsOpened() {
        return opened;
    }

    public int sessionsClosed() {
        return closed;
    }

    /** As the adapter: an expired or cancelled budget sends nothing (and records nothing). */
    @Override
    public OperatorOutcome execute(OperatorCommand command, Deadline deadline) {
        if (deadline.expired()) {
            return new OperatorOutcome.NotAnswered(Failure.of(ErrorCodes.COMMAND_TIMEOUT,
                    "the budget ran out before the Operator was asked"), CommandPhase.INSTALLED_CHECK, false);
        }
        if (deadline.cancelled()) {
            return new OperatorOutcome.NotAnswered(Failure.of(ErrorCodes.COMMAND_CANCELLED,
                    "cancelled before the Operator was asked; nothing was dispatched"), CommandPhase.INSTALLED_CHECK,
                    false);
        }
        commands.add(command);
        String type = command.actions().isEmpty() ? "" : command.actions().get(0).type();
        Script script = scripts.get(type);
        if (script == null) {
            return answered(command, "failed", List.of(), "no script for " + type, "UNSCRIPTED_ACTION");
        }
        return script.run(command, deadline, clock);
    }

    /** Every command dispatched, in order. */
    public List<OperatorCommand> commands() {
        return List.copyOf(commands);
    }

    /** The action type of every dispatched action, in order. */
    public List<String> actionTypes() {
        return commands.stream().flatMap(c -> c.actions().stream()).map(OperatorAction::type).toList();
    }

    /** doctor_ping answering with the three readiness facts as given ("true"/"false", or null to omit one). */
    public static Script readiness(String screenOn, String deviceLocked, String userUnlocked) {
        Map<String, String> data = new LinkedHashMap<>();
        putIfNotNull(data, "screen_on", screenOn);
        putIfNotNull(data, "device_locked", deviceLocked);
        putIfNotNull(data, "user_unlocked", userUnlocked);
        data.put("operator_version", "0.12.1");
        return (command, deadline, clock) -> answered(command, "success",
                List.of(new Step("h1", READINESS, true, data)), null, null);
    }

    private static Boolean fact(Object wire) {
        return "true".equals(wire) ? Boolean.TRUE : "false".equals(wire) ? Boolean.FALSE : null;
    }

    /** snapshot_ui answering success with {@code xml} in data.text. */
    public static Script snapshot(String xml) {
        Map<String, String> data = new LinkedHashMap<>();
        data.put("text", xml);
        data.put("operator_overlay_visible", "false");
        return (command, deadline, clock) -> answered(command, "success",
                List.of(new Step("snap", SNAPSHOT, true, data)), null, null);
    }

    /** Answers status "failed" with the Operator's own error code and message. */
    public static Script failing(String errorCode, String error) {
        return (command, deadline, clock) -> answered(command, "failed",
                List.of(new Step(command.actions().get(0).id(), command.actions().get(0).type(), false)),
                error, errorCode);
    }

    /** No usable result: a transport failure as the gateway reports it. */
    public static Script notAnswered(String code, String message, String phase, boolean dispatched,
                                     Map<String, Object> readerDiagnostics) {
        return (command, deadline, clock) -> new OperatorOutcome.NotAnswered(new Failure(code, message, Details.fromJson(readerDiagnostics)),
                phaseOf(phase), dispatched);
    }

    /**
     * Runs {@code then} after {@code millis} of work; if the budget ends first the wait is cut at
     * expiry and reported as the gateway does: COMMAND_TIMEOUT while awaiting the result, dispatched.
     */
    public static Script taking(long millis, Script then) {
        return (command, deadline, clock) -> {
            if (clock.spend(millis, deadline)) {
                return then.run(command, deadline, clock);
            }
            Map<String, Object> reader = new LinkedHashMap<>();
            reader.put("linesRead", 12);
            reader.put("chunksReceived", 0);
            reader.put("readerExit", "stopped_by_deadline");
            reader.put("dispatched", true);
            return new OperatorOutcome.NotAnswered(new Failure(ErrorCodes.COMMAND_TIMEOUT,
                    "no result for " + command.commandId() + " before the deadline", Details.fromJson(reader)), CommandPhase.AWAIT_RESULT, true);
        };
    }

    /**
     * A signal arriving while the command is in {@code phase}: {@code by} cancels the deadline and
     * the gateway reports {@code code} (COMMAND_CANCELLED, or what its transport saw) as it does.
     */
    public static Script cancelled(String by, String code, String phase, boolean dispatched) {
        return (command, deadline, clock) -> {
            deadline.cancellation().cancel(by);
            Map<String, Object> reader = new LinkedHashMap<>();
            reader.put("readerOutcome", "CANCELLED");
            reader.put("linesRead", 3);
            reader.put("dispatched", dispatched);
            return new OperatorOutcome.NotAnswered(new Failure(code, "cancelled in " + phase, Details.fromJson(reader)), phaseOf(phase),
                    dispatched);
        };
    }

    /** Answers as {@code then} does, and {@code by} cancels the deadline right after the answer was accepted. */
    public static Script answeringThenCancelled(String by, Script then) {
        return (command, deadline, clock) -> {
            OperatorOutcome outcome = then.run(command, deadline, clock);
            deadline.cancellation().cancel(by);
            return outcome;
        };
    }

    public static Script throwing(RuntimeException exception) {
        return (command, deadline, clock) -> {
            throw exception;
        };
    }

    /** An Answered outcome whose original is the envelope exactly as the Operator would print it. */
    public static OperatorOutcome.Answered answered(OperatorCommand command, String status, List<Step> steps,
                                                    String error, String errorCode) {
        OperatorEnvelope envelope = new OperatorEnvelope(command.commandId(), command.taskId(), status,
                steps.stream().map(Step::typed).toList(), error, errorCode);
        Map<String, Object> original = new LinkedHashMap<>();
        original.put("commandId", command.commandId());
        original.put("taskId", command.taskId());
        original.put("status", status);
        List<Map<String, Object>> stepMaps = new ArrayList<>();
        for (Step step : steps) {
            Map<String, Object> stepMap = new LinkedHashMap<>();
            stepMap.put("id", step.id());
            stepMap.put("actionType", step.actionType());
            stepMap.put("success", step.success());
            stepMap.put("data", new LinkedHashMap<>(step.data()));
            stepMaps.add(stepMap);
        }
        original.put("stepResults", stepMaps);
        original.put("error", error);
        original.put("errorCode", errorCode);
        return new OperatorOutcome.Answered(envelope, Envelopes.raw(original), new OperatorGateway.ReaderDiagnostics(0, 1, 512, false,
                new OperatorGateway.LoggedHierarchyScan(false, null, 0, 0, "end_of_result", false, false)));
    }

    /** The phase the gateway reports, by the word captures.json spells it with (the tests' vocabulary). */
    private static CommandPhase phaseOf(String wire) {
        return java.util.Arrays.stream(CommandPhase.values()).filter(phase -> phase.wire().equals(wire)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no command phase " + wire));
    }

    private static void putIfNotNull(Map<String, String> data, String key, String value) {
        if (value != null) {
            data.put(key, value);
        }
    }
}
