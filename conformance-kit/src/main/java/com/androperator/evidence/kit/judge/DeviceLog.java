package com.androperator.evidence.kit.judge;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.simulator.shell.ServiceRequest;
import com.androperator.evidence.simulator.shell.ShellParser;
import com.androperator.evidence.simulator.shell.ShellScript;
import com.androperator.evidence.simulator.shell.ShellSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What the phone received: every service the host opened, read as the commands it ran. Judges the
 * device side of the contract: read-only readiness (no input, wake, unlock or Home), one snapshot
 * dispatch, the display a screenshot was taken of.
 */
public final class DeviceLog {
    public static final String ACTION = "app.androperator.operator.ACTION_AGENT_COMMAND";

    private final List<String> services;
    private final List<List<String>> commands = new ArrayList<>();

    public DeviceLog(List<String> services) {
        this.services = List.copyOf(services);
        for (String service : services) {
            Optional<ServiceRequest> request = ServiceRequest.parse(service);
            if (request.isEmpty()) {
                continue;
            }
            try {
                for (ShellScript.Step step : ShellParser.parse(request.get().command()).steps()) {
                    commands.add(step.argv());
                }
            } catch (ShellSyntaxException e) {
                commands.add(List.of(request.get().command()));
            }
        }
    }

    public List<String> services() {
        return services;
    }

    public int size() {
        return services.size();
    }

    /** Commands that change the device's state: input events (wake, Home, unlock...), power, keyguard, activities. */
    public List<String> stateChanges() {
        List<String> found = new ArrayList<>();
        for (List<String> argv : commands) {
            String name = argv.isEmpty() ? "" : argv.get(0);
            boolean changes = name.equals("input")
                    || name.equals("svc") && argv.contains("power")
                    || name.equals("wm") && argv.contains("dismiss-keyguard")
                    || name.equals("am") && argv.size() > 1 && argv.get(1).equals("start")
                    || name.equals("locksettings") || argv.contains("keyevent");
            if (changes) {
                found.add(String.join(" ", argv));
            }
        }
        return found;
    }

    /** The Operator command broadcasts, in order: their argv. */
    public List<List<String>> broadcasts() {
        return commands.stream().filter(argv -> argv.size() > 1 && argv.get(0).equals("am")
                && argv.get(1).equals("broadcast")).toList();
    }

    /** The JSON payload ({@code --es payload}) of a broadcast, or null. */
    public static JsonNode payload(List<String> broadcast) {
        int at = broadcast.indexOf("payload");
        if (at < 1 || !broadcast.get(at - 1).equals("--es") || at + 1 >= broadcast.size()) {
            return null;
        }
        StringBuilder why = new StringBuilder();
        return Json.parse(broadcast.get(at + 1), why).orElse(null);
    }

    /** Payloads whose actions include {@code actionType} (snapshot_ui, doctor_ping), in order. */
    public List<JsonNode> dispatches(String actionType) {
        List<JsonNode> found = new ArrayList<>();
        for (List<String> broadcast : broadcasts()) {
            JsonNode payload = payload(broadcast);
            if (payload != null) {
                for (JsonNode action : payload.path("actions")) {
                    if (actionType.equals(Json.text(action, "type"))) {
                        found.add(payload);
                        break;
                    }
                }
            }
        }
        return found;
    }

    /** Index among broadcasts of the first dispatch of {@code actionType}, or -1. */
    public int firstDispatch(String actionType) {
        List<List<String>> broadcasts = broadcasts();
        for (int i = 0; i < broadcasts.size(); i++) {
            JsonNode payload = payload(broadcasts.get(i));
            if (payload != null && Json.findAll(payload, "type").stream()
                    .anyMatch(type -> actionType.equals(type.asString(null)))) {
                return i;
            }
        }
        return -1;
    }

    /** The {@code screencap} invocations: their argv. */
    public List<List<String>> screencaps() {
        return commands.stream().filter(argv -> !argv.isEmpty() && argv.get(0).equals("screencap")).toList();
    }

    /** The value after {@code -d} in a screencap, or null when it has none. */
    public static String displayArgument(List<String> screencap) {
        int at = screencap.indexOf("-d");
        return at < 0 || at + 1 >= screencap.size() ? null : screencap.get(at + 1);
    }
}
