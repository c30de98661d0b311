package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.OperatorSpec;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The simulated Operator app's broadcast receiver: takes the command payload, and after the
 * profile's delay logs its result envelope (or does what the profile's behaviour says instead).
 */
public final class OperatorAgent {

    public static final String ACTION = "app.androperator.operator.ACTION_AGENT_COMMAND";
    public static final String TAG = "AndroperatorOperator";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final LogBuffer log;
    private final ScheduledExecutorService scheduler;

    public OperatorAgent(LogBuffer log, ScheduledExecutorService scheduler) {
        this.log = log;
        this.scheduler = scheduler;
    }

    /**
     * Delivers a broadcast. Only the installed Operator package with the command action receives
     * it; everything else goes nowhere, silently, as on Android.
     *
     * @return whether the Operator received it
     */
    boolean deliver(SimulatorProfile profile, ActivityManagerCommand.BroadcastIntent intent) {
        OperatorSpec operator = profile.operator();
        if (operator == null || !ACTION.equals(intent.action())
                || !operator.packageName().equals(intent.packageName())
                || !profile.isInstalled(operator.packageName())) {
            return false;
        }
        String payload = intent.stringExtras().get("payload");
        JsonNode command;
        try {
            command = payload == null ? null : JSON.readTree(payload);
        } catch (JacksonException e) {
            command = null;
        }
        if (command == null || !command.isObject() || !command.path("commandId").isString()) {
            log.append('E', TAG, operator.pid(), "Rejected command: payload is not a JSON object"
                    + " with a commandId");
            return true;
        }
        String commandId = command.get("commandId").stringValue();
        String taskId = command.path("taskId").isString() ? command.get("taskId").stringValue()
                : null;
        List<Action> actions = new ArrayList<>();
        for (JsonNode action : command.path("actions")) {
            actions.add(new Action(action.path("id").asString(""),
                    action.path("type").asString("")));
        }
        log.append('D', TAG, operator.pid(), "Received command " + commandId + " with "
                + actions.size() + " action(s) from " + command.path("source").asString("?"));
        Runnable answer = () -> answer(operator, commandId, taskId, actions);
        if (operator.delayMs() == 0) {
            scheduler.execute(answer);
        } else {
            scheduler.schedule(answer, operator.delayMs(), TimeUnit.MILLISECONDS);
        }
        return true;
    }

    private record Action(String id, String type) {}

    private void answer(OperatorSpec operator, String commandId, String taskId,
            List<Action> actions) {
        List<OperatorBehavior> behaviors = actions.stream()
                .map(action -> operator.behaviorFor(action.type())).toList();
        if (behaviors.contains(OperatorBehavior.SILENT)) {
            return;
        }
        ObjectNode envelope = envelope(operator, commandId, taskId, actions, behaviors);
        boolean transportExit = behaviors.contains(OperatorBehavior.TRANSPORT_EXIT);
        boolean corrupt = behaviors.contains(OperatorBehavior.CORRUPT_CHUNK);
        String envelopeJson = JSON.writeValueAsString(envelope);
        if (behaviors.contains(OperatorBehavior.MALFORMED_ENVELOPE)) {
            envelopeJson = envelopeJson.substring(0, envelopeJson.length() / 2);
        }
        List<String> messages = ResultLines.messages(commandId, taskId, envelopeJson, false, corrupt);
        int pid = operator.pid();
        if (transportExit) {
            log.append('I', TAG, pid, "Publishing result for " + commandId);
            if (messages.size() > 1) {
                messages.subList(0, messages.size() / 2).forEach(m -> log.append('I', TAG, pid, m));
            }
            log.endAllReaders();
            return;
        }
        messages.forEach(message -> log.append('I', TAG, pid, message));
        log.append('I', TAG, pid, "Command " + commandId + " finished: "
                + envelope.get("status").stringValue());
    }

    private static ObjectNode envelope(OperatorSpec operator, String commandId, String taskId,
            List<Action> actions, List<OperatorBehavior> behaviors) {
        ObjectNode envelope = JSON.createObjectNode();
        envelope.put("commandId", commandId);
        envelope.put("taskId", taskId);
        ArrayNode steps = JSON.createArrayNode();
        String error = null;
        String errorCode = null;
        for (int i = 0; i < actions.size(); i++) {
            Action action = actions.get(i);
            ObjectNode step = steps.addObject();
            step.put("id", action.id());
            step.put("actionType", action.type());
            ObjectNode data = JSON.createObjectNode();
            String failureCode = null;
            String failure = null;
            if (behaviors.get(i) == OperatorBehavior.FAILED) {
                failureCode = operator.errorCode();
                failure = operator.errorMessage();
            } else if (action.type().equals("snapshot_ui")) {
                try {
                    if (behaviors.get(i) != OperatorBehavior.SUCCESS_WITHOUT_TEXT) {
                        data.put("text", new String(operator.hierarchy().read(),
                                StandardCharsets.UTF_8));
                    }
                    data.put("operator_overlay_visible", String.valueOf(operator.overlayVisible()));
                    data.put("source", "accessibility_service");
                } catch (UncheckedIOException e) {
                    failureCode = "UI_TREE_UNAVAILABLE";
                    failure = "hierarchy could not be read: " + e.getMessage();
                }
            } else if (action.type().equals("doctor_ping")) {
                Readiness readiness = operator.readiness();
                data.put("screen_on", String.valueOf(readiness.screenOn()));
                data.put("device_locked", String.valueOf(readiness.deviceLocked()));
                data.put("user_unlocked", String.valueOf(readiness.userUnlocked()));
            } else {
                failureCode = "UNSUPPORTED_ACTION";
                failure = "Unsupported action type: " + action.type();
            }
            step.put("success", failureCode == null);
            step.set("data", data);
            if (failureCode != null && errorCode == null) {
                errorCode = failureCode;
                error = failure;
            }
        }
        envelope.put("status", errorCode == null ? "success" : "failed");
        envelope.set("stepResults", steps);
        envelope.put("error", error);
        envelope.put("errorCode", errorCode);
        return envelope;
    }
}
