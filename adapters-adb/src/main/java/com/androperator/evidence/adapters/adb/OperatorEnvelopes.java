package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorEnvelope;
import com.androperator.evidence.domain.port.OperatorGateway.Readiness;
import com.androperator.evidence.domain.port.OperatorGateway.StepResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one Operator result envelope (device-protocol.md §4) and checks that it really is one:
 * {@code {"commandId","taskId","status":"success"|"failed","stepResults":[{"id","actionType",
 * "success":bool,"data":{string:string}}],"error":string|null,"errorCode":string|null}}. The
 * parsed object ({@link DeviceJson}'s tree) is kept verbatim (every field, in order) for
 * captures.json; a long data value in it stays a {@link StreamedString}.
 */
final class OperatorEnvelopes {
    /** The data key of a snapshot step's hierarchy XML. */
    private static final String SNAPSHOT_TEXT = "text";

    private OperatorEnvelopes() {
    }

    /** What a piece of JSON turned out to be, relative to the command we wait for. */
    sealed interface Parsed {
        /** A valid envelope of our command. */
        record Valid(OperatorEnvelope envelope, Map<String, Object> original) implements Parsed {
        }

        /** A JSON object naming another command: someone else's result. */
        record OtherCommand(String commandId) implements Parsed {
        }

        /** Names our command but is not a valid envelope. */
        record Invalid(String reason) implements Parsed {
        }

        /** Not a JSON object with a string commandId: whose it is cannot be told from its fields. */
        record Unattributed(String reason) implements Parsed {
        }
    }

    /** What {@code value}, one JSON document read strictly from the device, is relative to our command. */
    @SuppressWarnings("unchecked")
    static Parsed parse(Object value, String commandId, String taskId) {
        if (!(value instanceof Map<?, ?>)) {
            return new Parsed.Unattributed("not one JSON object");
        }
        Map<String, Object> object = (Map<String, Object>) value;
        if (!(object.get("commandId") instanceof String found)) {
            return new Parsed.Unattributed("the JSON object has no string commandId");
        }
        if (!found.equals(commandId)) {
            return new Parsed.OtherCommand(found);
        }
        Object foundTask = object.get("taskId");
        if (foundTask != null && !taskId.equals(foundTask)) {
            return new Parsed.Invalid("taskId is " + Text.abbreviate(String.valueOf(foundTask), 140)
                    + ", expected " + taskId);
        }
        Object status = object.get("status");
        if (!"success".equals(status) && !"failed".equals(status)) {
            return new Parsed.Invalid("status is " + Text.abbreviate(String.valueOf(status), 40)
                    + ", not \"success\" or \"failed\"");
        }
        Object error = object.get("error");
        Object errorCode = object.get("errorCode");
        if (error instanceof StreamedString || errorCode instanceof StreamedString) {
            return new Parsed.Invalid("error or errorCode is longer than a message can be");
        }
        if (error != null && !(error instanceof String) || errorCode != null && !(errorCode instanceof String)) {
            return new Parsed.Invalid("error and errorCode must be strings or null");
        }
        Object steps = object.get("stepResults");
        List<StepResult> stepResults = new ArrayList<>();
        if (steps != null) {
            if (!(steps instanceof List<?> list)) {
                return new Parsed.Invalid("stepResults is not an array");
            }
            for (int i = 0; i < list.size(); i++) {
                String problem = step(list.get(i), stepResults);
                if (problem != null) {
                    return new Parsed.Invalid("stepResults[" + i + "] " + problem);
                }
            }
        }
        return new Parsed.Valid(new OperatorEnvelope(found, (String) foundTask, (String) status, stepResults,
                (String) error, (String) errorCode), object);
    }

    /** Adds the typed step, or says what is wrong with it. */
    private static String step(Object raw, List<StepResult> steps) {
        if (!(raw instanceof Map<?, ?> step)) {
            return "is not an object";
        }
        if (!(step.get("id") instanceof String id) || !(step.get("actionType") instanceof String actionType)) {
            return "has no string id and actionType";
        }
        if (!(step.get("success") instanceof Boolean success)) {
            return "has no boolean success";
        }
        Map<String, String> data = new LinkedHashMap<>();
        Map<String, StreamedString> largeData = new LinkedHashMap<>();
        Object rawData = step.get("data");
        if (rawData != null) {
            if (!(rawData instanceof Map<?, ?> map)) {
                return "data is not an object";
            }
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (entry.getValue() instanceof StreamedString large) {
                    largeData.put((String) entry.getKey(), large);
                } else if (entry.getValue() instanceof String value) {
                    data.put((String) entry.getKey(), value);
                } else {
                    return "data." + entry.getKey() + " is not a string";
                }
            }
        }
        steps.add(new StepResult(id, actionType, success, snapshotText(data, largeData), readiness(data)));
        return null;
    }

    /** data.text, short or spooled: the snapshot's hierarchy XML (device-protocol.md); null when absent. */
    private static StreamedString snapshotText(Map<String, String> data, Map<String, StreamedString> largeData) {
        StreamedString large = largeData.get(SNAPSHOT_TEXT);
        if (large != null) {
            return large;
        }
        String text = data.get(SNAPSHOT_TEXT);
        return text == null ? null : StreamedString.of(text);
    }

    /** doctor_ping's facts (device-protocol.md): "true" or "false"; any other value (or none) is null. */
    private static Readiness readiness(Map<String, String> data) {
        return new Readiness(fact(data.get("screen_on")), fact(data.get("device_locked")),
                fact(data.get("user_unlocked")));
    }

    private static Boolean fact(String value) {
        return "true".equals(value) ? Boolean.TRUE : "false".equals(value) ? Boolean.FALSE : null;
    }
}
