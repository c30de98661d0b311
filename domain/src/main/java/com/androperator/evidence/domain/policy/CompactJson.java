package com.androperator.evidence.domain.policy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Writes a JSON value tree (Map with String keys, List, String, Number, Boolean, null) the way
 * Jackson's default compact UTF-8 generator does, so the domain can measure a caller's context
 * without depending on Jackson. Quote, backslash and control characters are escaped (backspace,
 * tab, newline, form feed and carriage return in their short forms, the rest as a six-character
 * unicode escape with uppercase hex); other characters stay as UTF-8 with surrogate pairs
 * combined, and an unpaired surrogate is escaped. Numbers are written with {@code toString()}
 * (BigDecimal included); non-finite floats become quoted strings, as in Jackson.
 */
public final class CompactJson {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private CompactJson() {
    }

    /** The compact JSON text of {@code value}. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value);
        return out.toString();
    }

    /** The number of bytes of {@code value}'s compact JSON in UTF-8. */
    public static long utf8Length(Object value) {
        // write() escapes unpaired surrogates, so the text encodes without replacement characters.
        return write(value).getBytes(StandardCharsets.UTF_8).length;
    }

    private static void append(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String text) {
            appendString(out, text);
        } else if (value instanceof Boolean flag) {
            out.append(flag.booleanValue());
        } else if (value instanceof Double number && !Double.isFinite(number)) {
            appendString(out, number.toString());
        } else if (value instanceof Float number && !Float.isFinite(number)) {
            appendString(out, number.toString());
        } else if (value instanceof Number number) {
            out.append(number);
        } else if (value instanceof Map<?, ?> object) {
            appendObject(out, object);
        } else if (value instanceof List<?> array) {
            appendArray(out, array);
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    private static void appendObject(StringBuilder out, Map<?, ?> object) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> entry : object.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                throw new IllegalArgumentException("JSON object keys are strings");
            }
            if (!first) {
                out.append(',');
            }
            first = false;
            appendString(out, key);
            out.append(':');
            append(out, entry.getValue());
        }
        out.append('}');
    }

    private static void appendArray(StringBuilder out, List<?> array) {
        out.append('[');
        for (int i = 0; i < array.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            append(out, array.get(i));
        }
        out.append(']');
    }

    private static void appendString(StringBuilder out, String text) {
        out.append('"');
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20) {
                        appendUnicodeEscape(out, c);
                    } else if (Character.isHighSurrogate(c) && i + 1 < length
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        out.append(c).append(text.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        appendUnicodeEscape(out, c);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static void appendUnicodeEscape(StringBuilder out, char c) {
        out.append("\\u")
                .append(HEX[(c >> 12) & 0xF])
                .append(HEX[(c >> 8) & 0xF])
                .append(HEX[(c >> 4) & 0xF])
                .append(HEX[c & 0xF]);
    }
}
