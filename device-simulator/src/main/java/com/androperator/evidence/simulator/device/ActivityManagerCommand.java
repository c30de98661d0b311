package com.androperator.evidence.simulator.device;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code am broadcast INTENT}: prints what Android prints and hands the intent to the simulated
 * Operator. A broadcast to a package that is not installed completes the same way (result=0):
 * Android does not report that nobody received it.
 */
final class ActivityManagerCommand implements DeviceCommand {

    private static final int FLAG_RECEIVER_FOREGROUND = 0x10000000;

    @Override
    public int run(List<String> argv, CommandContext context) {
        if (argv.size() < 2 || !argv.get(1).equals("broadcast")) {
            context.out().stderr("Error: the simulator supports only 'am broadcast', got: "
                    + String.join(" ", argv) + "\n");
            return 255;
        }
        BroadcastIntent intent;
        try {
            intent = BroadcastIntent.parse(argv.subList(2, argv.size()));
        } catch (IllegalArgumentException e) {
            context.out().stderr("Exception occurred while executing 'broadcast':\n"
                    + "java.lang.IllegalArgumentException: " + e.getMessage() + "\n");
            return 255;
        }
        context.out().stdout("Broadcasting: " + intent.describe() + "\n");
        context.device().operator().deliver(context.profile(), intent);
        context.out().stdout("Broadcast completed: result=0\n");
        return 0;
    }

    /**
     * The parts of an intent that {@code am} options set.
     *
     * @param stringExtras {@code --es} values (and the others, as text) by key
     */
    record BroadcastIntent(String action, String packageName, String component,
            List<String> categories, String data, int flags, Map<String, String> stringExtras,
            boolean hasExtras) {

        static BroadcastIntent parse(List<String> args) {
            String action = null;
            String packageName = null;
            String component = null;
            String data = null;
            List<String> categories = new ArrayList<>();
            Map<String, String> extras = new LinkedHashMap<>();
            boolean hasExtras = false;
            int flags = 0;
            for (int i = 0; i < args.size(); i++) {
                String option = args.get(i);
                switch (option) {
                    case "-a" -> action = value(args, ++i, option);
                    case "-p" -> packageName = value(args, ++i, option);
                    case "-n" -> component = value(args, ++i, option);
                    case "-c" -> categories.add(value(args, ++i, option));
                    case "-d" -> data = value(args, ++i, option);
                    case "-f" -> flags |= Integer.decode(value(args, ++i, option));
                    case "--user", "--receiver-permission" -> value(args, ++i, option);
                    case "--es", "--ez", "--ei", "--el", "--ef", "--eu" -> {
                        String key = value(args, ++i, option);
                        extras.put(key, value(args, ++i, option));
                        hasExtras = true;
                    }
                    case "--esn" -> {
                        extras.put(value(args, ++i, option), null);
                        hasExtras = true;
                    }
                    case "--receiver-foreground" -> flags |= FLAG_RECEIVER_FOREGROUND;
                    case "--receiver-registered-only", "--include-stopped-packages",
                            "--exclude-stopped-packages", "--async" -> {
                        // Delivery details that do not change what the simulator prints.
                    }
                    default -> throw new IllegalArgumentException("Unknown option: " + option);
                }
            }
            return new BroadcastIntent(action, packageName, component, categories, data, flags,
                    extras, hasExtras);
        }

        private static String value(List<String> args, int index, String option) {
            if (index >= args.size()) {
                throw new IllegalArgumentException("Argument expected after \"" + option + "\"");
            }
            return args.get(index);
        }

        /** Intent.toShortString as {@code am} prints it. */
        String describe() {
            StringBuilder out = new StringBuilder("Intent {");
            if (action != null) {
                out.append(" act=").append(action);
            }
            if (!categories.isEmpty()) {
                out.append(" cat=[").append(String.join(",", categories)).append(']');
            }
            if (data != null) {
                out.append(" dat=").append(data);
            }
            if (flags != 0) {
                out.append(" flg=0x").append(Integer.toHexString(flags));
            }
            if (packageName != null) {
                out.append(" pkg=").append(packageName);
            }
            if (component != null) {
                out.append(" cmp=").append(component);
            }
            if (hasExtras) {
                out.append(" (has extras)");
            }
            return out.append(" }").toString();
        }
    }
}
