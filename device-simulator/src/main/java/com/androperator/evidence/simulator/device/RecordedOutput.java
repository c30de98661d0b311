package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.ProfileFile;
import java.util.List;

/** A command line whose output a real device printed: those bytes, exit status 0. */
final class RecordedOutput implements DeviceCommand {
    private final ProfileFile output;

    RecordedOutput(ProfileFile output) {
        this.output = output;
    }

    @Override
    public int run(List<String> argv, CommandContext context) {
        context.out().stdout(output.read());
        return 0;
    }
}
