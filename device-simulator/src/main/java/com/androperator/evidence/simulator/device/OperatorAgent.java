package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.OperatorGeneration;
import com.androperator.evidence.simulator.profile.OperatorSpec;
import com.androperator.evidence.simulator.profile.ResultEncoding;
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

    /** The Androperator generation's action; each generation has its own ({@link OperatorGeneration#action()}). */
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
        if (operator == null || !operator.generation().action().equals(intent.action())
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
        Hierarchy hierarchy = new Hierarchy();
        ObjectNode envelope = envelope(operator, commandId, taskId, actions, behaviors, hierarchy);
        if (operator.hierarchyLogged()) {
            for (int i = 0; i < actions.size(); i++) {
                if (actions.get(i).type().equals("snapshot_ui") && behaviors.get(i) == OperatorBehavior.SUCCESS) {
                    new LoggedHierarchy(log, operator).write(commandId);
                }
            }
        }
        boolean transportExit = behaviors.contains(OperatorBehavior.TRANSPORT_EXIT);
        boolean corrupt = behaviors.contains(OperatorBehavior.CORRUPT_CHUNK);
        ResultEncoding encoding = operator.encoding();
        byte[] json = hierarchy.splice(JSON.writeValueAsBytes(envelope));
        if (behaviors.contains(OperatorBehavior.MALFORMED_ENVELOPE)) {
            json = java.util.Arrays.copyOf(json, json.length / 2);
        }
        int pid = operator.pid();
        OperatorGeneration generation = operator.generation();
        int count = ResultLines.messageCount(ResultLines.line(generation, json).length, encoding.chunking(), corrupt);
        if (transportExit) {
            log.append('I', TAG, pid, "Publishing result for " + commandId);
            if (count > 1) {
                ResultLines.forEachMessage(generation, commandId, taskId, json, encoding.chunking(), corrupt,
                        encoding.claimedByteLength(), count / 2, m -> log.append('I', TAG, pid, m));
            }
            log.endAllReaders();
            return;
        }
        ResultLines.forEachMessage(generation, commandId, taskId, json, encoding.chunking(), corrupt,
                encoding.claimedByteLength(), Integer.MAX_VALUE, message -> log.append('I', TAG, pid, message));
        log.append('I', TAG, pid, "Command " + commandId + " finished: "
                + envelope.get("status").stringValue());
    }

    /**
     * The hierarchy's bytes, put into the serialized envelope in place of a placeholder: JSON-escaped
     * byte by byte, so that (in {@code verbatim} mode) bytes that are not UTF-8 go out unchanged.
     */
    private static final class Hierarchy {
        private static final String PLACEHOLDER = "\u0001hierarchy\u0001";
        private static final byte[] PLACEHOLDER_JSON = "\\u0001hierarchy\\u0001".getBytes(StandardCharsets.US_ASCII);
        private byte[] text;

        String placeholder(byte[] bytes, ResultEncoding.HierarchyBytes mode) {
            text = mode == ResultEncoding.HierarchyBytes.VERBATIM || isUtf8(bytes) ? bytes
                    // As a Java Operator would: its String holds U+FFFD where the bytes were not UTF-8.
                    : new String(bytes, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
            return PLACEHOLDER;
        }

        byte[] splice(byte[] json) {
            if (text == null) {
                return json;
            }
            int at = indexOf(json, PLACEHOLDER_JSON);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(json.length + text.length + 1024);
            out.write(json, 0, at);
            for (byte b : text) {
                switch (b) {
                    case '"' -> out.writeBytes(new byte[] {'\\', '"'});
                    case '\\' -> out.writeBytes(new byte[] {'\\', '\\'});
                    case '\n' -> out.writeBytes(new byte[] {'\\', 'n'});
                    case '\r' -> out.writeBytes(new byte[] {'\\', 'r'});
                    case '\t' -> out.writeBytes(new byte[] {'\\', 't'});
                    default -> {
                        if (b >= 0 && b < 0x20) {
                            out.writeBytes(String.format("\\u%04x", (int) b).getBytes(StandardCharsets.US_ASCII));
                        } else {
                            out.write(b);
                        }
                    }
                }
            }
            out.write(json, at + PLACEHOLDER_JSON.length, json.length - at - PLACEHOLDER_JSON.length);
            return out.toByteArray();
        }

        private static boolean isUtf8(byte[] bytes) {
            try {
                StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes));
                return true;
            } catch (java.nio.charset.CharacterCodingException e) {
                return false;
            }
        }

        private static int indexOf(byte[] haystack, byte[] needle) {
            outer:
            for (int i = 0; i <= haystack.length - needle.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (haystack[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            throw new IllegalStateException("the envelope lost its hierarchy placeholder");
        }
    }

    private static ObjectNode envelope(OperatorSpec operator, String commandId, String taskId,
            List<Action> actions, List<OperatorBehavior> behaviors, Hierarchy hierarchy) {
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
                    if (behaviors.get(i) != OperatorBehavior.SUCCESS_WITHOUT_TEXT
                            && !operator.hierarchyLogged()) {
                        data.put("text", hierarchy.placeholder(operator.hierarchy().read(),
                                operator.encoding().hierarchyBytes()));
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
