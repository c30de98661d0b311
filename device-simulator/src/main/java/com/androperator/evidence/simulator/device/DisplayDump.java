package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code dumpsys display} text: Android 12-14's layout, whose viewports carry {@code isActive=},
 * or with {@code legacyDisplayDump} Android 10's, whose viewports have no such field. The
 * device and logical display sections repeat the ids in other shapes, as the real dump does, so a
 * parser that greps loosely finds the wrong ones.
 */
final class DisplayDump {

    private DisplayDump() {}

    static String render(SimulatorProfile profile) {
        List<DisplaySpec> displays = profile.displays();
        StringBuilder out = new StringBuilder(8_192);
        out.append("DISPLAY MANAGER (dumpsys display)\n");
        out.append("  mOnlyCore=false\n");
        out.append("  mSafeMode=false\n");
        out.append("  mPendingTraversal=false\n");
        out.append("  mViewports=[")
                .append(displays.stream()
                        .map(d -> viewport(d, profile.legacyDisplayDump()))
                        .collect(Collectors.joining(", ")))
                .append("]\n");
        out.append("  mDefaultDisplayDefaultColorMode=0\n");
        out.append("  mWifiDisplayScanRequestCount=0\n");
        DisplaySpec primary = displays.get(0);
        out.append("  mStableDisplaySize=Point(").append(primary.width()).append(", ")
                .append(primary.height()).append(")\n");
        out.append("  mMinimumBrightnessCurve=[(0.0, 0.0), (2000.0, 50.0), (4000.0, 90.0)]\n");
        out.append("\n");
        if (!profile.legacyDisplayDump()) {
            out.append("Display States: size=1\n");
            out.append("  Display Id=0\n");
            out.append("  Display State=ON\n");
            out.append("  Display Brightness=0.39763778\n");
            out.append("  Display SdrBrightness=0.39763778\n");
            out.append("\n");
        }
        out.append("Display Adapters: size=2\n");
        out.append("  LocalDisplayAdapter\n");
        out.append("  VirtualDisplayAdapter\n");
        out.append("\n");
        out.append("Display Devices: size=").append(displays.size()).append('\n');
        for (int i = 0; i < displays.size(); i++) {
            DisplaySpec d = displays.get(i);
            String name = i == 0 ? "Built-in Screen" : "Built-in Screen " + (i + 1);
            out.append("  DisplayDeviceInfo{\"").append(name).append("\": uniqueId=\"local:")
                    .append(d.physicalId()).append("\", ").append(d.width()).append(" x ")
                    .append(d.height()).append(", modeId 1, defaultModeId 1, supportedModes [{id=1,"
                            + " width=").append(d.width()).append(", height=").append(d.height())
                    .append(", fps=60.000004, alternativeRefreshRates=[]}], colorMode 0,"
                            + " supportedColorModes [0], hdrCapabilities null, density 420, 420.0 x"
                            + " 420.0 dpi, appVsyncOff 1000000, presDeadline 16666666, touch INTERNAL,"
                            + " rotation 0, type INTERNAL, address {port=")
                    .append(d.physicalPort()).append(", model=0x401cec}, state ")
                    .append(d.active() ? "ON" : "OFF")
                    .append(", frameRateOverride , brightnessMinimum 0.0, brightnessMaximum 1.0,"
                            + " brightnessDefault 0.39763778, FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY,"
                            + " FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS,"
                            + " installOrientation 0}\n");
            out.append("    mAdapter=LocalDisplayAdapter\n");
            out.append("    mUniqueId=local:").append(d.physicalId()).append('\n');
            out.append("    mDisplayToken=android.os.BinderProxy@").append(Integer.toHexString(
                    0x5a3c1e7 + i * 0x1111)).append('\n');
            out.append("    mCurrentLayerStack=").append(d.active() ? d.displayId() : -1).append('\n');
            out.append("    mCurrentOrientation=").append(d.orientation()).append('\n');
            out.append("    mPhysicalDisplayId=").append(d.physicalId()).append('\n');
            out.append("    mDisplayModeSpecs={baseModeId=1 allowGroupSwitching=false"
                    + " primaryRefreshRateRange=[0 60] appRequestRefreshRateRange=[0 Infinity]}\n");
        }
        out.append("\n");
        List<DisplaySpec> logical = displays.stream()
                .filter(d -> d.active() && d.displayId() >= 0).toList();
        out.append("Logical Displays: size=").append(logical.size()).append('\n');
        for (DisplaySpec d : logical) {
            out.append("  Display ").append(d.displayId()).append(":\n");
            out.append("    mDisplayId=").append(d.displayId()).append('\n');
            out.append("    mIsEnabled=true\n");
            out.append("    mLayerStack=").append(d.displayId()).append('\n');
            out.append("    mHasContent=true\n");
            out.append("    mRequestedColorMode=0\n");
            out.append("    mDisplayOffset=(0, 0)\n");
            out.append("    mPrimaryDisplayDevice=Built-in Screen\n");
            out.append("    mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId ")
                    .append(d.displayId()).append(", displayGroupId 0, FLAG_SECURE,"
                            + " FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ")
                    .append(d.width()).append(" x ").append(d.height()).append(", largest app ")
                    .append(d.width()).append(" x ").append(d.height()).append(", smallest app ")
                    .append(d.width()).append(" x ").append(d.height())
                    .append(", appVsyncOff 1000000, presDeadline 16666666, mode 1, defaultMode 1,"
                            + " modes [{id=1, width=").append(d.width()).append(", height=")
                    .append(d.height()).append(", fps=60.000004}], rotation 0, type INTERNAL,"
                            + " address {port=").append(d.physicalPort())
                    .append(", model=0x401cec}, uniqueId \"local:").append(d.physicalId())
                    .append("\", state ON, installOrientation 0}\n");
            out.append("    mOverrideDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId ")
                    .append(d.displayId()).append(", real ").append(d.logicalWidth()).append(" x ")
                    .append(d.logicalHeight()).append(", rotation ").append(d.orientation())
                    .append(", uniqueId \"local:").append(d.physicalId()).append("\", state ON}\n");
        }
        return out.toString();
    }

    /** DisplayViewport.toString(): Android 11+ adds isActive after valid. */
    static String viewport(DisplaySpec d, boolean legacy) {
        String logicalFrame = "Rect(0, 0 - " + d.logicalWidth() + ", " + d.logicalHeight() + ")";
        return "DisplayViewport{type=INTERNAL, valid=" + d.valid()
                + (legacy ? "" : ", isActive=" + d.active())
                + ", displayId=" + d.displayId()
                + ", uniqueId='local:" + d.physicalId() + "'"
                + ", physicalPort=" + d.physicalPort()
                + ", orientation=" + d.orientation()
                + ", logicalFrame=" + logicalFrame
                + ", physicalFrame=" + logicalFrame
                + ", deviceWidth=" + d.logicalWidth()
                + ", deviceHeight=" + d.logicalHeight() + "}";
    }
}
