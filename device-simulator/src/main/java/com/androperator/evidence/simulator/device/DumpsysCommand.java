package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.OperatorSpec;
import com.androperator.evidence.simulator.profile.PackageSpec;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.List;

/** {@code dumpsys display}, {@code dumpsys input} and {@code dumpsys package [NAME]}. */
final class DumpsysCommand implements DeviceCommand {

    @Override
    public int run(List<String> argv, CommandContext context) {
        SimulatorProfile profile = context.profile();
        if (argv.size() < 2) {
            context.out().stderr("dumpsys: the simulator dumps only display, input and package\n");
            return 1;
        }
        switch (argv.get(1)) {
            case "display" -> context.out().stdout(DisplayDump.render(profile));
            case "input" -> context.out().stdout(InputDump.render(profile));
            case "package" -> {
                if (argv.size() < 3) {
                    profile.packages().forEach((name, spec) ->
                            context.out().stdout(PackageDump.render(name, spec,
                                    isOperator(profile, name))));
                    return 0;
                }
                String name = argv.get(2);
                PackageSpec spec = profile.packages().get(name);
                if (spec == null) {
                    context.out().stdout("Unable to find package: " + name + "\n");
                } else {
                    context.out().stdout(PackageDump.render(name, spec, isOperator(profile, name)));
                }
            }
            default -> context.out().stderr("Can't find service: " + argv.get(1) + "\n");
        }
        return 0;
    }

    private static boolean isOperator(SimulatorProfile profile, String name) {
        OperatorSpec operator = profile.operator();
        return operator != null && operator.packageName().equals(name);
    }
}
