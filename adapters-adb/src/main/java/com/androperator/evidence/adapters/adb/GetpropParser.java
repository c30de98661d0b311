package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parses the output of {@code getprop} with no argument: lines {@code [name]: [value]}, where a
 * value may hold any character (a carriage return, U+0085, U+2028, U+2029 are real values' words)
 * and spans lines up to the {@code ]} that ends a line. Anything else in the output makes the
 * inventory unparseable (the properties read around it are still returned): a partly garbled
 * inventory must not look like a clean one to the emulator classification.
 */
final class GetpropParser {
    private static final String SEPARATOR = "]: [";
    private static final Pattern PROPERTY_START = Pattern.compile("\\[[^\\]\\n]+\\]: \\[[^\\n]*");

    private GetpropParser() {
    }

    /** Where a value ends: {@code end} is its closing bracket, or -1 with {@code resume} where parsing goes on. */
    private record ValueEnd(int end, int resume) {
    }

    static PropertyInventory parse(String output) {
        String text = output.replace("\r\n", "\n");
        Map<String, String> properties = new LinkedHashMap<>();
        boolean parseable = true;
        int position = 0;
        int length = text.length();
        while (position < length) {
            int lineEnd = lineEnd(text, position);
            String line = text.substring(position, lineEnd);
            if (line.isBlank()) {
                position = lineEnd + 1;
                continue;
            }
            if (!PROPERTY_START.matcher(line).matches()) {
                parseable = false;
                position = lineEnd + 1;
                continue;
            }
            int separator = text.indexOf(SEPARATOR, position);
            String name = text.substring(position + 1, separator);
            int valueStart = separator + SEPARATOR.length();
            ValueEnd valueEnd = valueEnd(text, valueStart);
            if (valueEnd.end() < 0) {
                parseable = false;
                position = valueEnd.resume();
                continue;
            }
            properties.put(name, text.substring(valueStart, valueEnd.end()));
            position = valueEnd.resume();
        }
        return new PropertyInventory(properties, parseable);
    }

    /**
     * The {@code ]} that ends a value is the first one that ends a line. A value that reaches a
     * line that looks like the next property without closing is malformed (say
     * {@code [a]: [x] junk}), and parsing goes on at that line.
     */
    private static ValueEnd valueEnd(String text, int valueStart) {
        int segmentStart = valueStart;
        while (true) {
            int end = lineEnd(text, segmentStart);
            int next = end + 1;
            if (end > segmentStart && text.charAt(end - 1) == ']') {
                return new ValueEnd(end - 1, next);
            }
            if (next >= text.length()) {
                return new ValueEnd(-1, text.length());
            }
            if (PROPERTY_START.matcher(text.substring(next, lineEnd(text, next))).matches()) {
                return new ValueEnd(-1, next);
            }
            segmentStart = next;
        }
    }

    private static int lineEnd(String text, int from) {
        int newline = text.indexOf('\n', from);
        return newline < 0 ? text.length() : newline;
    }
}
