package com.androperator.evidence.simulator.profile;

import java.util.Objects;

/**
 * One physical display as {@code dumpsys display} and {@code screencap -d} see it.
 *
 * @param displayId the logical display it currently backs (0 is the default display; a folded
 *     phone's inner screen keeps its physical id but stops being active)
 * @param physicalId the SurfaceFlinger physical display id: an unsigned 64-bit number as digits
 * @param physicalPort the connector port reported with the viewport
 * @param width natural (orientation 0) width in pixels
 * @param height natural height
 * @param orientation 0..3, quarter turns
 * @param screenshot the PNG {@code screencap} returns for this display
 */
public record DisplaySpec(int displayId, String physicalId, boolean active, boolean valid,
        int width, int height, int orientation, int physicalPort, ProfileFile screenshot) {

    public DisplaySpec {
        if (displayId < -1) {
            throw new InvalidProfileException("displayId must be -1 (none) or more, got " + displayId);
        }
        if (physicalId == null || !physicalId.matches("[0-9]{1,20}")) {
            throw new InvalidProfileException("physicalId must be digits, got " + physicalId);
        }
        try {
            Long.parseUnsignedLong(physicalId);
        } catch (NumberFormatException e) {
            throw new InvalidProfileException("physicalId exceeds 64 bits: " + physicalId, e);
        }
        if (width <= 0 || height <= 0) {
            throw new InvalidProfileException("display size must be positive: " + width + "x" + height);
        }
        if (orientation < 0 || orientation > 3) {
            throw new InvalidProfileException("orientation must be 0..3, got " + orientation);
        }
        if (physicalPort < 0 || physicalPort > 255) {
            throw new InvalidProfileException("physicalPort must be 0..255, got " + physicalPort);
        }
        Objects.requireNonNull(screenshot, "screenshot");
    }

    /** An active, valid display in orientation 0 whose port is the id's low byte, as on Android. */
    public static DisplaySpec of(int displayId, String physicalId, int width, int height,
            ProfileFile screenshot) {
        return new DisplaySpec(displayId, physicalId, true, true, width, height, 0,
                defaultPort(physicalId), screenshot);
    }

    /** Android encodes the connector port in the low byte of a local display id. */
    public static int defaultPort(String physicalId) {
        try {
            return (int) (Long.parseUnsignedLong(physicalId) & 0xff);
        } catch (NumberFormatException e) {
            throw new InvalidProfileException("physicalId must be digits, got " + physicalId, e);
        }
    }

    public DisplaySpec withActive(boolean newActive) {
        return new DisplaySpec(displayId, physicalId, newActive, valid, width, height, orientation,
                physicalPort, screenshot);
    }

    public DisplaySpec withValid(boolean newValid) {
        return new DisplaySpec(displayId, physicalId, active, newValid, width, height, orientation,
                physicalPort, screenshot);
    }

    public DisplaySpec withOrientation(int newOrientation) {
        return new DisplaySpec(displayId, physicalId, active, valid, width, height, newOrientation,
                physicalPort, screenshot);
    }

    public DisplaySpec withDisplayId(int newDisplayId) {
        return new DisplaySpec(newDisplayId, physicalId, active, valid, width, height, orientation,
                physicalPort, screenshot);
    }

    public DisplaySpec withScreenshot(ProfileFile newScreenshot) {
        return new DisplaySpec(displayId, physicalId, active, valid, width, height, orientation,
                physicalPort, newScreenshot);
    }

    /** Width as the display is currently turned. */
    public int logicalWidth() {
        return orientation % 2 == 0 ? width : height;
    }

    /** Height as the display is currently turned. */
    public int logicalHeight() {
        return orientation % 2 == 0 ? height : width;
    }
}
