package com.androperator.evidence.adapters.adb;

/** Small text helpers for messages built from device output. */
final class Text {
    private Text() {
    }

    /** At most {@code max} characters, control characters shown as spaces, marked when cut. */
    static String abbreviate(String text, int max) {
        String flat = controlRunsAsSpaces(text).strip();
        return flat.length() <= max ? flat : flat.substring(0, max) + "…";
    }

    /**
     * Each run of control characters other than tab (U+0000-U+001F, U+007F: the regex class
     * {@code [\p{Cntrl}&&[^\t]]}) as one space; the text itself when it has none. A loop, not
     * that regex: the adb client quotes every request it sends in a message it may need, and a
     * pattern compiled per call was a third of a millisecond of a capture (issue 26).
     */
    private static String controlRunsAsSpaces(String text) {
        int first = 0;
        while (first < text.length() && !isControl(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder flat = new StringBuilder(text.length()).append(text, 0, first);
        boolean inRun = false;
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isControl(c)) {
                flat.append(c);
                inRun = false;
            } else if (!inRun) {
                flat.append(' ');
                inRun = true;
            }
        }
        return flat.toString();
    }

    private static boolean isControl(char c) {
        return c < 0x20 && c != '\t' || c == 0x7F;
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
