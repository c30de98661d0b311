package com.androperator.evidence.simulator.device;

import java.util.List;

/**
 * {@code input ...}: accepted and ignored. Evidence capture must never send input; tests prove
 * that from {@code receivedServices()}, so the command itself only has to exist as on a phone.
 */
final class InputCommand implements DeviceCommand {

    @Override
    public int run(List<String> argv, CommandContext context) {
        if (argv.size() < 2) {
            context.out().stderr("Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n");
            return 1;
        }
        return 0;
    }
}
