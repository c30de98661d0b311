package com.androperator.evidence.simulator.device;

import java.util.List;
import java.util.Map;

/** {@code getprop} and {@code getprop NAME [DEFAULT]}. */
final class PropertyCommands implements DeviceCommand {

    @Override
    public int run(List<String> argv, CommandContext context) {
        Map<String, String> properties = context.profile().properties();
        List<String> args = argv.subList(1, argv.size()).stream()
                .filter(arg -> !arg.equals("-T") && !arg.equals("-Z")).toList();
        if (args.isEmpty()) {
            context.out().stdout(inventory(properties));
            return 0;
        }
        String value = properties.get(args.get(0));
        if (value == null || value.isEmpty()) {
            value = args.size() > 1 ? args.get(1) : "";
        }
        context.out().stdout(value + "\n");
        return 0;
    }

    /** {@code [name]: [value]} lines sorted by name; a value's newlines are printed as they are. */
    static String inventory(Map<String, String> properties) {
        StringBuilder out = new StringBuilder(properties.size() * 48);
        properties.forEach((name, value) ->
                out.append('[').append(name).append("]: [").append(value).append("]\n"));
        return out.toString();
    }
}
