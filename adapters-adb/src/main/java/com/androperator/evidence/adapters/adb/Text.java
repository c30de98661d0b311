package com.androperator.evidence.adapters.adb;

/** Small text helpers for messages built from device output. */
final class Text {
    private Text() {
    }

    /** At most {@code max} characters, control characters shown as spaces, marked when cut. */
    static String abbreviate(String text, int max) {
        String flat = text.replaceAll("[\\p{Cntrl}&&[^\\t]]+", " ").strip();
        return flat.length() <= max ? flat : flat.substring(0, max) + "…";
    }

    /**
     * One line of device text for quoting: control characters and line separators as backslash
     * escapes (r, t, or u and four hex digits), a double quote as backslash-quote, at most
     * {@code max} characters of the original, marked when cut.
     */
    static String escapedLine(String line, int max) {
        String kept = line.length() <= max ? line : line.substring(0, max);
        StringBuilder escaped = new StringBuilder(kept.length() + 8);
        kept.codePoints().forEach(c -> {
            switch (c) {
                case '\r' -> escaped.append("\\r");
                case '\t' -> escaped.append("\\t");
                case '"' -> escaped.append("\\\"");
                default -> {
                    if (Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
                            || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
                        escaped.append(String.format("\\u%04X", c));
                    } else {
                        escaped.appendCodePoint(c);
                    }
                }
            }
        });
        return kept.length() < line.length() ? escaped + "…" : escaped.toString();
    }

    /** The last {@code max} characters of {@code text}. */
    static String tail(String text, int max) {
        return text.length() <= max ? text : text.substring(text.length() - max);
    }
}
