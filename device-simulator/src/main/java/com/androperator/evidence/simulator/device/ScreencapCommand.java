package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.DisplaySpec;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * {@code screencap -p [-d PHYSICAL_ID]}: the profile's PNG for that display, or for the active
 * default display without {@code -d}. Messages are Android 14's.
 */
final class ScreencapCommand implements DeviceCommand {

    @Override
    public int run(List<String> argv, CommandContext context) {
        boolean png = false;
        String displayId = null;
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            switch (arg) {
                case "-p" -> png = true;
                case "-d" -> {
                    if (i + 1 >= argv.size()) {
                        context.out().stderr("screencap: option requires an argument -- d\n");
                        return 1;
                    }
                    displayId = argv.get(++i);
                }
                case "-h" -> {
                    context.out().stderr(usage());
                    return 0;
                }
                default -> {
                    context.out().stderr(arg.startsWith("-") ? usage()
                            : "screencap: the simulator writes PNG to stdout only, not to " + arg
                                    + "\n");
                    return 1;
                }
            }
        }
        if (!png) {
            context.out().stderr("screencap: the simulator produces PNG only: use -p\n");
            return 1;
        }
        Optional<DisplaySpec> display;
        if (displayId == null) {
            display = Optional.of(ActiveDisplay.of(context.profile()));
        } else {
            if (!displayId.matches("[0-9]{1,20}")) {
                context.out().stderr("Invalid display ID: Out of range [0, 2^64).\n");
                return 1;
            }
            String wanted = displayId;
            display = context.profile().displays().stream()
                    .filter(d -> d.physicalId().equals(wanted)).findFirst();
        }
        if (display.isEmpty()) {
            context.out().stderr("Failed to take screenshot. Status: -2\n");
            return 1;
        }
        byte[] bytes;
        try {
            bytes = display.get().screenshot().read();
        } catch (UncheckedIOException e) {
            context.out().stderr("Failed to take screenshot. Status: -5\n");
            return 1;
        }
        context.out().stdout(bytes);
        return 0;
    }

    private static String usage() {
        return "usage: screencap [-hp] [-d display-id] [FILENAME]\n"
                + "   -h: this message\n"
                + "   -p: save the file as a png.\n"
                + "   -d: specify the physical display ID to capture (default: 0)\n"
                + "If FILENAME ends with .png it will be saved as a png.\n"
                + "If FILENAME is not given, the results will be printed to stdout.\n";
    }
}
