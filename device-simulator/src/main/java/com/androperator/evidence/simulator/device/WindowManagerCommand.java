package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.WindowManagerSpec;
import java.util.List;

/** The read-only forms {@code wm size} and {@code wm density}. */
final class WindowManagerCommand implements DeviceCommand {

    @Override
    public int run(List<String> argv, CommandContext context) {
        WindowManagerSpec wm = context.profile().wm();
        if (argv.size() == 2 && argv.get(1).equals("size")) {
            StringBuilder out = new StringBuilder("Physical size: ")
                    .append(wm.physicalSize()).append('\n');
            if (wm.overrideSize() != null) {
                out.append("Override size: ").append(wm.overrideSize()).append('\n');
            }
            context.out().stdout(out.toString());
            return 0;
        }
        if (argv.size() == 2 && argv.get(1).equals("density")) {
            StringBuilder out = new StringBuilder("Physical density: ")
                    .append(wm.physicalDensity()).append('\n');
            if (wm.overrideDensity() != null) {
                out.append("Override density: ").append(wm.overrideDensity()).append('\n');
            }
            context.out().stdout(out.toString());
            return 0;
        }
        if (argv.size() == 1) {
            context.out().stderr("Window manager (window) commands:\n  help\n"
                    + "  size [reset|WxH|WdpxHdp] [-d DISPLAY_ID]\n"
                    + "  density [reset|DENSITY] [-d DISPLAY_ID]\n");
            return 255;
        }
        // Changing the display is outside what evidence capture may do; the simulator refuses it
        // so that a client doing it by mistake fails loudly.
        context.out().stderr("Error: the simulator supports only 'wm size' and 'wm density'"
                + " without arguments, got: " + String.join(" ", argv) + "\n");
        return 255;
    }
}
