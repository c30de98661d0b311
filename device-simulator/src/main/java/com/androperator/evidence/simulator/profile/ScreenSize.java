package com.androperator.evidence.simulator.profile;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A size as {@code wm size} prints it: {@code WIDTHxHEIGHT}. */
public record ScreenSize(int width, int height) {

    private static final Pattern TEXT = Pattern.compile("([1-9][0-9]{0,5})x([1-9][0-9]{0,5})");

    public ScreenSize {
        if (width <= 0 || height <= 0) {
            throw new InvalidProfileException("size must be positive: " + width + "x" + height);
        }
    }

    public static ScreenSize parse(String text) {
        Matcher m = TEXT.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new InvalidProfileException("size must be WIDTHxHEIGHT, got " + text);
        }
        return new ScreenSize(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    @Override
    public String toString() {
        return width + "x" + height;
    }
}
