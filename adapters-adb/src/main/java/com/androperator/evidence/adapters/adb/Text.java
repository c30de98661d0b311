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

    /** The last {@code max} characters of {@code text}. */
    static String tail(String text, int max) {
        return text.length() <= max ? text : text.substring(text.length() - max);
    }
}
