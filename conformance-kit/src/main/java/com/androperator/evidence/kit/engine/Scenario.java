package com.androperator.evidence.kit.engine;

import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * One scenario: a phone, what the kit asks the implementation to do with it, and what it then judges.
 *
 * @param name stable identifier ({@code --only}, reports): lowercase words joined by '-'
 * @param spec the spec sentence it tests, quoted from evidence-bundles.txt ("..." where shortened)
 * @param checks what is judged, in one line (the README's table)
 * @param phone how the sample phone (Pixel 7, Android 14, Operator ready) is changed; null for no phone
 * @param needsRealFfmpeg whether the implementation must record real media (ffmpeg 6.1+ with libx264)
 */
public record Scenario(String name, Surface surface, String spec, String checks, UnaryOperator<SimulatorProfile> phone,
                       boolean needsRealFfmpeg, Body body) {
    private static final Pattern NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    public Scenario {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a scenario name is lowercase words joined by '-': " + name);
        }
        Objects.requireNonNull(surface, "surface");
        if (spec == null || spec.isBlank() || checks == null || checks.isBlank()) {
            throw new IllegalArgumentException(name + " needs its spec sentence and what it checks");
        }
        Objects.requireNonNull(body, "body");
    }

    /** What a scenario does once its phone is attached. */
    @FunctionalInterface
    public interface Body {
        void run(ScenarioRun run) throws Exception;
    }

    /** The sample phone unchanged. */
    public static UnaryOperator<SimulatorProfile> samplePhone() {
        return profile -> profile;
    }
}
