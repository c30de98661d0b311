package com.androperator.evidence.simulator.profile;

/** Profiles shipped in this module's resources. */
public final class SampleProfiles {

    /** A Pixel 7 on Android 14: 1080x2400 at 420 dpi, shell_v2, Operator installed and ready. */
    public static final String PIXEL_RESOURCE = "profiles/pixel/profile.json";

    private SampleProfiles() {}

    /** The sample profile; parsed once, and its screenshot and hierarchy read once. */
    public static SimulatorProfile pixel() {
        return PixelHolder.PIXEL;
    }

    private static final class PixelHolder {
        static final SimulatorProfile PIXEL = ProfileLoader.loadClasspath(PIXEL_RESOURCE);
    }
}
