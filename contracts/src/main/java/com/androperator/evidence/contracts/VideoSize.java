package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A video frame size in pixels, written {@code "WxH"} (e.g. {@code "576x1280"}) as the reference tool writes it. */
public record VideoSize(int width, int height) {
    /** The schemas' {@code videoSize} pattern: positive decimal integers without leading zeros. */
    private static final Pattern WIRE = Pattern.compile("([1-9][0-9]{0,8})x([1-9][0-9]{0,8})");

    /** Not a JSON creator: the object form {width, height} is not the wire shape. */
    @JsonCreator(mode = JsonCreator.Mode.DISABLED)
    public VideoSize {
        Checks.check(width > 0 && height > 0, "video size must be positive");
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static VideoSize parse(String wire) {
        Matcher matcher = WIRE.matcher(Checks.required(wire, "video size"));
        Checks.check(matcher.matches(), "a video size is \"WxH\" in positive pixels: " + wire);
        return new VideoSize(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    @JsonValue
    @Override
    public String toString() {
        return width + "x" + height;
    }
}
