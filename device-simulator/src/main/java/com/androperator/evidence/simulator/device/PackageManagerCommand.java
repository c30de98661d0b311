package com.androperator.evidence.simulator.device;

import java.util.ArrayList;
import java.util.List;

/** {@code pm list packages [OPTIONS] [FILTER]} and {@code pm path NAME}. */
final class PackageManagerCommand implements DeviceCommand {

    @Override
    public int run(List<String> argv, CommandContext context) {
        if (argv.size() >= 3 && argv.get(1).equals("list") && argv.get(2).equals("packages")) {
            List<String> filters = new ArrayList<>();
            for (int i = 3; i < argv.size(); i++) {
                String arg = argv.get(i);
                if (arg.equals("--user")) {
                    i++;
                } else if (!arg.startsWith("-")) {
                    filters.add(arg);
                }
            }
            String filter = filters.isEmpty() ? "" : filters.get(0);
            StringBuilder out = new StringBuilder();
            // A substring match, as Android does: "com.x.operator" also lists "com.x.operator.dev".
            context.profile().packages().keySet().stream()
                    .filter(name -> name.contains(filter))
                    .forEach(name -> out.append("package:").append(name).append('\n'));
            context.out().stdout(out.toString());
            return 0;
        }
        if (argv.size() == 3 && argv.get(1).equals("path")) {
            if (!context.profile().isInstalled(argv.get(2))) {
                return 1;
            }
            context.out().stdout("package:/data/app/~~q3Zr0yGZ1bV7w0Xk2D4yUQ==/" + argv.get(2)
                    + "-Hn1qWc8kAqPQk3m1m1o8Tw==/base.apk\n");
            return 0;
        }
        context.out().stderr("Error: the simulator supports only 'pm list packages [FILTER]' and"
                + " 'pm path NAME', got: " + String.join(" ", argv) + "\n");
        return 255;
    }
}
