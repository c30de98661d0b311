package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.shell.CommandOutput;
import com.androperator.evidence.simulator.shell.ServiceRequest;
import com.androperator.evidence.simulator.shell.ShellParser;
import com.androperator.evidence.simulator.shell.ShellScript;
import com.androperator.evidence.simulator.shell.ShellSyntaxException;
import com.androperator.evidence.simulator.transport.AdbConnection;
import com.androperator.evidence.simulator.transport.AdbStream;
import com.androperator.evidence.simulator.transport.ServiceDispatcher;
import com.androperator.evidence.simulator.transport.StreamService;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The phone behind the transport: its current profile, its log buffer, its Operator app and the
 * programs its shell runs. Every connection shares one device.
 */
public final class SimulatedDevice implements ServiceDispatcher {

    private final AtomicReference<SimulatorProfile> profile;
    private final LogBuffer log;
    private final OperatorAgent operator;
    private final ServiceLog services = new ServiceLog();
    private final ServiceLog stalls = new ServiceLog();
    private final DeviceShell shell;

    public SimulatedDevice(SimulatorProfile profile, ScheduledExecutorService scheduler,
            Clock clock) {
        this.profile = new AtomicReference<>(Objects.requireNonNull(profile, "profile"));
        this.log = new LogBuffer(clock);
        this.operator = new OperatorAgent(log, scheduler);
        this.shell = new DeviceShell(Map.of(
                "getprop", new PropertyCommands(),
                "wm", new WindowManagerCommand(),
                "dumpsys", new DumpsysCommand(),
                "pm", new PackageManagerCommand(),
                "screencap", new ScreencapCommand(),
                "am", new ActivityManagerCommand(),
                "logcat", new LogcatCommand(),
                "log", new LogCommand(),
                "input", new InputCommand()));
        logBoot(profile);
    }

    public SimulatorProfile profile() {
        return profile.get();
    }

    /** Replaces the profile; streams opened from now on see the new one. */
    public void setProfile(SimulatorProfile newProfile) {
        profile.set(Objects.requireNonNull(newProfile, "profile"));
    }

    public LogBuffer log() {
        return log;
    }

    public OperatorAgent operator() {
        return operator;
    }

    public ServiceLog services() {
        return services;
    }

    /** The command line of every command a stall fault has made hang, in order. */
    public ServiceLog stalls() {
        return stalls;
    }

    @Override
    public Optional<StreamService> open(String service, AdbConnection connection) {
        services.record(service);
        SimulatorProfile current = profile.get();
        Optional<ServiceRequest> parsed = ServiceRequest.parse(service);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        ServiceRequest request = parsed.get();
        if (request.mode() == ServiceRequest.OutputMode.SHELL_V2 && !current.shellV2()
                || request.command().isBlank()) {
            // No shell_v2 in the banner means no v2 service; an interactive shell is not simulated.
            return Optional.empty();
        }
        ShellScript script;
        try {
            script = ShellParser.parse(request.command());
        } catch (ShellSyntaxException e) {
            String message = "/system/bin/sh: " + e.getMessage() + "\n";
            return Optional.of(stream -> {
                CommandOutput out = CommandOutput.forMode(request.mode(), stream::write);
                out.stderr(message);
                out.exit(1);
            });
        }
        if (refuses(current, script)) {
            return Optional.empty();
        }
        return Optional.of(stream -> serve(stream, request, script, current));
    }

    /**
     * Runs a command line outside the transport, for tests of the device's programs.
     *
     * @return the exit status
     */
    public int run(String commandLine, CommandOutput out) throws ShellSyntaxException,
            InterruptedException {
        return shell.run(ShellParser.parse(commandLine),
                new CommandContext(profile.get(), out, this, StreamControl.detached()));
    }

    private void serve(AdbStream stream, ServiceRequest request, ShellScript script,
            SimulatorProfile current) {
        CommandOutput out = CommandOutput.forMode(request.mode(), stream::write);
        StreamControl control = new StreamControl() {
            @Override
            public void onClose(Runnable listener) {
                stream.onClose(listener);
            }

            @Override
            public void cutConnection(long offlineMillis) {
                stream.connection().cut(Duration.ofMillis(offlineMillis));
            }
        };
        int status;
        try {
            status = shell.run(script, new CommandContext(current, out, this, control));
        } catch (InterruptedException e) {
            // The simulator is closing: the stream just ends, as when a device goes away.
            Thread.currentThread().interrupt();
            return;
        }
        out.exit(status);
    }

    private static boolean refuses(SimulatorProfile profile, ShellScript script) {
        if (profile.faults().isEmpty()) {
            return false;
        }
        for (ShellScript.Step step : script.steps()) {
            Optional<List<String>> program = DeviceShell.programOf(step.argv());
            if (program.isPresent()) {
                Optional<String> key = ServiceKeys.match(program.get(), profile.faults().keySet());
                if (key.isPresent() && profile.faults().get(key.get()) instanceof ServiceFault.Refuse) {
                    return true;
                }
            }
        }
        return false;
    }

    private void logBoot(SimulatorProfile initial) {
        int operatorPid = initial.operator() == null ? 1234 : initial.operator().pid();
        String operatorPackage = initial.operator() == null ? "app.androperator.operator"
                : initial.operator().packageName();
        log.append('I', "ActivityManager", 1423, "Start proc " + operatorPid + ":"
                + operatorPackage + "/u0a234 for broadcast {" + operatorPackage
                + "/app.androperator.operator.AgentCommandReceiver}");
        log.append('I', "AccessibilityManagerService", 1423,
                "Bound to accessibility service of " + operatorPackage);
        log.append('I', OperatorAgent.TAG, operatorPid, "Operator ready");
    }
}
