package com.androperator.evidence.simulator.device;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code logcat -v time [-T N | -t N | -d | -c] [-b BUFFER] [-s] [TAG:LEVEL ...]}. Following
 * ({@code -T}, or no dump option) prints the buffer marker at once, so the client knows its reader
 * is up, then the tail, then every new line until the host closes the stream or the device ends
 * all readers (the Operator's transportExit).
 */
final class LogcatCommand implements DeviceCommand {

    private static final String LEVELS = "VDIWEFS";

    @Override
    public int run(List<String> argv, CommandContext context) throws InterruptedException {
        Integer tail = null;
        boolean dump = false;
        boolean clear = false;
        Map<String, Character> filters = new HashMap<>();
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            switch (arg) {
                case "-v" -> {
                    String format = i + 1 < argv.size() ? argv.get(++i) : "";
                    if (!format.equals("time")) {
                        context.out().stderr("logcat: the simulator prints only -v time, not '"
                                + format + "'\n");
                        return 1;
                    }
                }
                case "-T", "-t" -> {
                    String count = i + 1 < argv.size() ? argv.get(++i) : "";
                    // A time instead of a count means "since then": nothing of the simulated past.
                    tail = count.matches("[0-9]{1,6}") ? Integer.parseInt(count) : 0;
                    dump = dump || arg.equals("-t");
                }
                case "-b" -> i++;
                case "-d" -> dump = true;
                case "-c" -> clear = true;
                case "-s" -> filters.put("*", 'S');
                default -> {
                    int colon = arg.lastIndexOf(':');
                    if (arg.startsWith("-") || colon <= 0 || colon != arg.length() - 2
                            || LEVELS.indexOf(arg.charAt(colon + 1)) < 0) {
                        context.out().stderr("logcat: unsupported argument '" + arg + "'\n");
                        return 1;
                    }
                    filters.put(arg.substring(0, colon), arg.charAt(colon + 1));
                }
            }
        }
        LogBuffer log = context.device().log();
        if (clear) {
            log.clear();
            return 0;
        }
        if (dump) {
            List<LogLine> all = log.dump();
            int from = tail == null ? 0 : Math.max(0, all.size() - tail);
            context.out().stdout(join(all.subList(from, all.size()), filters, true));
            return 0;
        }
        try (LogBuffer.Reader reader = log.follow(tail == null ? 0 : tail)) {
            context.stream().onClose(reader::close);
            context.out().stdout(LogLine.marker("main").text() + "\n");
            while (true) {
                List<LogLine> batch = reader.awaitLines();
                if (batch.isEmpty()) {
                    break;
                }
                byte[] text = join(batch, filters, false);
                if (text.length > 0) {
                    context.out().stdout(text);
                }
            }
            if (reader.endedByDevice()) {
                context.out().stderr("logcat: Unexpected EOF!\n\nThis means that either the device"
                        + " shut down, logd crashed, or this instance of logcat was unable to read"
                        + " log\nmessages as quickly as they were being produced.\n\n");
                return 1;
            }
            return 0;
        }
    }

    private static byte[] join(List<LogLine> lines, Map<String, Character> filters,
            boolean withMarker) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        if (withMarker) {
            out.writeBytes(LogLine.marker("main").bytes());
            out.write('\n');
        }
        for (LogLine line : lines) {
            if (line.isMarker() || passes(line, filters)) {
                out.writeBytes(line.bytes());
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    private static boolean passes(LogLine line, Map<String, Character> filters) {
        Character minimum = filters.getOrDefault(line.tag(), filters.getOrDefault("*", 'V'));
        return LEVELS.indexOf(line.level()) >= LEVELS.indexOf(minimum)
                && minimum != 'S';
    }
}
