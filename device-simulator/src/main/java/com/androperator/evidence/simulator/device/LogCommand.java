package com.androperator.evidence.simulator.device;

import java.util.List;

/**
 * {@code log [-p PRIORITY] [-t TAG] MESSAGE...}: Android's toolbox {@code log}, which writes one line
 * to the main log buffer (priority {@code i} and tag {@code log} unless given), as a shell user's
 * process does. The message words are joined with single spaces.
 */
final class LogCommand implements DeviceCommand {
    /** The pid logcat shows for lines a shell command wrote. */
    static final int SHELL_PID = 3127;
    private static final String PRIORITIES = "vdiwef";

    @Override
    public int run(List<String> argv, CommandContext context) {
        char priority = 'I';
        String tag = "log";
        int i = 1;
        for (; i < argv.size() && argv.get(i).startsWith("-"); i++) {
            String option = argv.get(i);
            String value = i + 1 < argv.size() ? argv.get(++i) : "";
            if (option.equals("-p") && value.length() == 1 && PRIORITIES.indexOf(value.charAt(0)) >= 0) {
                priority = Character.toUpperCase(value.charAt(0));
            } else if (option.equals("-t") && !value.isEmpty()) {
                tag = value;
            } else {
                context.out().stderr("usage: log [-p <priority>] [-t <tag>] <message>\n");
                return 1;
            }
        }
        if (i >= argv.size()) {
            context.out().stderr("usage: log [-p <priority>] [-t <tag>] <message>\n");
            return 1;
        }
        context.device().log().append(priority, tag, SHELL_PID, String.join(" ", argv.subList(i, argv.size())));
        return 0;
    }
}
