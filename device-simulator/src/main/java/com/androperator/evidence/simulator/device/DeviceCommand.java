package com.androperator.evidence.simulator.device;

import java.util.List;

/** One program of the simulated device, such as {@code getprop} or {@code screencap}. */
@FunctionalInterface
public interface DeviceCommand {

    /**
     * @param argv the words of the command, argv[0] being its name
     * @return the exit status
     */
    int run(List<String> argv, CommandContext context) throws InterruptedException;
}
