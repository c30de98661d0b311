package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.SimulatorProfile;

/**
 * {@code dumpsys input} text. Current Android reports rotation in {@code Viewport INTERNAL:}
 * lines; with {@code legacyDisplayDump} only the older {@code SurfaceOrientation:} line of the
 * touch mapper carries it.
 */
final class InputDump {

    private InputDump() {}

    static String render(SimulatorProfile profile) {
        DisplaySpec active = ActiveDisplay.of(profile);
        boolean legacy = profile.legacyDisplayDump();
        StringBuilder out = new StringBuilder(6_144);
        out.append("INPUT MANAGER (dumpsys input)\n\n");
        out.append("Input Manager Service (Java) State:\n");
        out.append("  Interactive: true\n\n");
        out.append("Event Hub State:\n");
        out.append("  BuiltInKeyboardId: -2\n");
        out.append("  Devices:\n");
        out.append("    -1: Virtual\n");
        out.append("      Classes: KEYBOARD | ALPHAKEY | VIRTUAL\n");
        out.append("      Path: <virtual>\n");
        out.append("      Enabled: true\n");
        out.append("    3: sec_touchscreen\n");
        out.append("      Classes: TOUCH | TOUCH_MT\n");
        out.append("      Path: /dev/input/event2\n");
        out.append("      Enabled: true\n");
        out.append("      Descriptor: 1e1a9fb7b25b6c5d3e2bd34fc1f0d0a49a2fdc1c\n");
        out.append("      Location: \n");
        out.append("      ControllerNumber: 0\n");
        out.append("      UniqueId: \n");
        out.append("      Identifier: bus=0x0000, vendor=0x0000, product=0x0000, version=0x0000\n");
        out.append("      KeyLayoutFile: \n");
        out.append("      HaveKeyboardLayoutOverlay: false\n\n");
        out.append("Input Reader State (Nums of device: 2):\n");
        out.append("  Device -1: Virtual\n");
        out.append("    EventHub Devices: [ -1 ] \n");
        out.append("    Generation: 2\n");
        out.append("    IsExternal: false\n");
        out.append("    Sources: KEYBOARD\n");
        out.append("    KeyboardType: 2\n\n");
        out.append("  Device 3: sec_touchscreen\n");
        out.append("    EventHub Devices: [ 3 ] \n");
        out.append("    Generation: 7\n");
        out.append("    IsExternal: false\n");
        out.append("    AssociatedDisplayPort: <none>\n");
        out.append("    HasMic:     false\n");
        out.append("    Sources: TOUCHSCREEN\n");
        out.append("    Touch Input Mapper (mode - DIRECT):\n");
        out.append("      Parameters:\n");
        out.append("        GestureMode: MULTI_TOUCH\n");
        out.append("        DeviceType: TOUCH_SCREEN\n");
        out.append("        AssociatedDisplay: hasAssociatedDisplay=true, isExternal=false,"
                + " displayId=''\n");
        out.append("        OrientationAware: true\n");
        out.append("      Raw Touch Axes:\n");
        out.append("        X: min=0, max=").append(active.width() - 1)
                .append(", flat=0, fuzz=0, resolution=0\n");
        out.append("        Y: min=0, max=").append(active.height() - 1)
                .append(", flat=0, fuzz=0, resolution=0\n");
        if (legacy) {
            out.append("      SurfaceWidth: ").append(active.logicalWidth()).append("px\n");
            out.append("      SurfaceHeight: ").append(active.logicalHeight()).append("px\n");
            out.append("      SurfaceLeft: 0\n");
            out.append("      SurfaceTop: 0\n");
            out.append("      SurfaceOrientation: ").append(active.orientation()).append('\n');
        } else {
            out.append("      ").append(viewportLine(active)).append('\n');
            out.append("      RawSurfaceWidth: ").append(active.width()).append("px\n");
            out.append("      RawSurfaceHeight: ").append(active.height()).append("px\n");
            out.append("      SurfaceLeft: 0\n");
            out.append("      SurfaceTop: 0\n");
            out.append("      PhysicalOrientation: ").append(active.orientation()).append('\n');
        }
        out.append("      Translation and Scaling Factors:\n");
        out.append("        XScale: 1.000\n");
        out.append("        YScale: 1.000\n\n");
        out.append("  Configuration:\n");
        out.append("    ExcludedDeviceNames: []\n");
        out.append("    VirtualKeyQuietTime: 0.0ms\n");
        out.append("    PointerVelocityControlParameters: scale=1.000, lowThreshold=500.000,"
                + " highThreshold=3000.000, acceleration=3.000\n");
        out.append("    PointerGesture:\n");
        out.append("      Enabled: true\n");
        if (!legacy) {
            out.append("    Viewports:\n");
            out.append("      ").append(viewportLine(active)).append('\n');
            for (DisplaySpec d : profile.displays()) {
                if (d != active && d.valid()) {
                    out.append("      ").append(viewportLine(d)).append('\n');
                }
            }
        }
        out.append("\nInputDispatcher State:\n");
        out.append("  DispatchEnabled: true\n");
        out.append("  DispatchFrozen: false\n");
        out.append("  InputFilterEnabled: false\n");
        out.append("  FocusedDisplayId: 0\n");
        return out.toString();
    }

    /** InputReader's viewport line (Android 11+). */
    static String viewportLine(DisplaySpec d) {
        return "Viewport INTERNAL: displayId=" + d.displayId()
                + ", uniqueId=local:" + d.physicalId()
                + ", port=" + d.physicalPort()
                + ", orientation=" + d.orientation()
                + ", logicalFrame=[0, 0, " + d.logicalWidth() + ", " + d.logicalHeight() + "]"
                + ", physicalFrame=[0, 0, " + d.logicalWidth() + ", " + d.logicalHeight() + "]"
                + ", deviceSize=[" + d.logicalWidth() + ", " + d.logicalHeight() + "]"
                + ", isActive=[" + (d.active() ? 1 : 0) + "]";
    }
}
