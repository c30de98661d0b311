package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.shell.CommandOutput;
import java.util.Objects;

/**
 * What one simulated command sees: the profile as it was when its stream opened, where its output
 * goes, the device's shared state, and its stream.
 */
public record CommandContext(SimulatorProfile profile, CommandOutput out, SimulatedDevice device,
        StreamControl stream) {

    public CommandContext {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(stream, "stream");
    }

    public CommandContext withOutput(CommandOutput newOut) {
        return new CommandContext(profile, newOut, device, stream);
    }
}
