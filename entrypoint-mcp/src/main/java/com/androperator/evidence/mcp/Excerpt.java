package com.androperator.evidence.mcp;

/** Client text made safe for one log line or one error message: bounded, control characters escaped. */
final class Excerpt {
    private Excerpt() {
    }

    /** At most {@code max} characters of {@code text} (then "..."), with controls, lone surrogates and U+2028/9 as {@code \\uXXXX}. */
    static String of(String text, int max) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 8);
        int i = 0;
        for (; i < text.length() && out.length() < max; i++) {
            char c = text.charAt(i);
            boolean pairedSurrogate = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (pairedSurrogate) {
                out.append(c).append(text.charAt(++i));
            } else if (Character.isISOControl(c) || Character.isSurrogate(c) || c == '\u2028' || c == '\u2029') {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return i < text.length() ? out + "..." : out.toString();
    }
}
