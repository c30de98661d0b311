package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one shell command that dispatches an Operator command (device-protocol.md §4). */
final class OperatorBroadcast {
    static final String EXPECTED_FORMAT = "android-ui-automator";
    static final int MAX_PAYLOAD_BYTES = 64_000;
    /** What {@code am broadcast} prints once the (foreground) receiver has run. */
    static final String COMPLETED_MARKER = "Broadcast completed";

    private OperatorBroadcast() {
    }

    /** The payload JSON on one line. */
    static String payload(OperatorCommand command) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("commandId", command.commandId());
        payload.put("taskId", command.taskId());
        payload.put("source", command.source());
        payload.put("expectedFormat", EXPECTED_FORMAT);
        payload.put("timeoutMs", command.timeoutMs());
        List<Map<String, Object>> actions = new ArrayList<>();
        for (OperatorAction action : command.actions()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("id", action.id());
            entry.put("type", action.type());
            actions.add(entry);
        }
        payload.put("actions", actions);
        // JSON escapes newlines inside strings; removing raw ones keeps the shell command one line.
        return ContractJson.toJson(payload).replace("\r", "").replace("\n", "");
    }

    static int payloadBytes(String payload) {
        return payload.getBytes(StandardCharsets.UTF_8).length;
    }

    /** {@code am broadcast ...} with the generation's action, the package and payload single-quoted. */
    static String command(OperatorGeneration generation, String operatorPackage, String payload) {
        return "am broadcast -a " + generation.action() + " -p " + ShellQuote.quote(operatorPackage)
                + " --es payload " + ShellQuote.quote(payload) + " --receiver-foreground";
    }
}
