package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.shell.ShellScript;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a parsed command line as the device's {@code sh} would, with the builtins clients use
 * ({@code exec}, {@code exit}, {@code export}, {@code echo}, {@code true}, {@code false}) and
 * {@code $?}, and applies the profile's latency and faults per command.
 */
final class DeviceShell {

    private final Map<String, DeviceCommand> commands;

    DeviceShell(Map<String, DeviceCommand> commands) {
        this.commands = Map.copyOf(commands);
    }

    /** @return the exit status of the last command run */
    int run(ShellScript script, CommandContext context) throws InterruptedException {
        int status = 0;
        for (ShellScript.Step step : script.steps()) {
            if (step.connector() == ShellScript.Connector.IF_SUCCESS && status != 0
                    || step.connector() == ShellScript.Connector.IF_FAILURE && status == 0) {
                continue;
            }
            List<String> argv = step.argv(status);
            switch (argv.get(0)) {
                case "exit" -> {
                    return argv.size() > 1 && argv.get(1).matches("[0-9]{1,9}")
                            ? Integer.parseInt(argv.get(1)) & 0xff : status;
                }
                case "exec" -> {
                    return argv.size() > 1 ? runCommand(argv.subList(1, argv.size()), context)
                            : status;
                }
                case "export", "true", ":" -> status = 0;
                case "false" -> status = 1;
                case "echo" -> status = echo(argv, context);
                default -> status = runCommand(argv, context);
            }
        }
        return status;
    }

    /** The command an argv would run once builtins such as {@code exec} are looked through. */
    static Optional<List<String>> programOf(List<String> argv) {
        if (argv.get(0).equals("exec")) {
            return argv.size() > 1 ? Optional.of(argv.subList(1, argv.size())) : Optional.empty();
        }
        return switch (argv.get(0)) {
            case "exit", "export", "true", ":", "false", "echo" -> Optional.empty();
            default -> Optional.of(argv);
        };
    }

    private int runCommand(List<String> argv, CommandContext context) throws InterruptedException {
        SimulatorProfile profile = context.profile();
        Optional<String> latencyKey = ServiceKeys.match(argv, profile.latencyMs().keySet());
        if (latencyKey.isPresent()) {
            // The service's own delay on a real device; it runs on this stream's thread only.
            Thread.sleep(profile.latencyMs().get(latencyKey.get()));
        }
        CommandContext effective = context;
        boolean stalls = false;
        Optional<String> faultKey = ServiceKeys.match(argv, profile.faults().keySet());
        if (faultKey.isPresent()) {
            ServiceFault fault = profile.faults().get(faultKey.get());
            if (fault instanceof ServiceFault.Fail fail) {
                context.out().stdout(fail.stdout());
                context.out().stderr(fail.stderr());
                return fail.exitCode();
            }
            if (fault instanceof ServiceFault.DropConnection drop) {
                effective = context.withOutput(new ByteBudgetOutput(context.out(), drop.afterBytes(),
                        () -> context.stream().cutConnection(drop.offlineMs())));
            }
            if (fault instanceof ServiceFault.Stall stall) {
                if (stall.afterBytes() == 0) {
                    CommandStall.hang(context, String.join(" ", argv));
                }
                stalls = true;
                effective = context.withOutput(new ByteBudgetOutput(context.out(), stall.afterBytes(),
                        () -> CommandStall.hang(context, String.join(" ", argv))));
            }
        }
        String name = ServiceKeys.commandName(argv.get(0));
        ProfileFile recorded = profile.recordedOutputs().get(name + argv.subList(1, argv.size()).stream()
                .map(arg -> " " + arg).collect(java.util.stream.Collectors.joining()));
        DeviceCommand command = recorded != null ? new RecordedOutput(recorded) : commands.get(name);
        if (command == null) {
            context.out().stderr("/system/bin/sh: " + argv.get(0) + ": inaccessible or not found\n");
            return 127;
        }
        int status = command.run(argv, effective);
        if (stalls) {
            // Less output than the stall's budget: the command still never ends.
            CommandStall.hang(context, String.join(" ", argv));
        }
        return status;
    }

    private static int echo(List<String> argv, CommandContext context) {
        boolean newline = argv.size() < 2 || !argv.get(1).equals("-n");
        List<String> words = argv.subList(newline ? 1 : 2, argv.size());
        context.out().stdout(String.join(" ", words) + (newline ? "\n" : ""));
        return 0;
    }
}
