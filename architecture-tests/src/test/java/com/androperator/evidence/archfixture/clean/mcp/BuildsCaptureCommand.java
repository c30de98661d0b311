package com.androperator.evidence.archfixture.clean.mcp;

import com.androperator.evidence.archfixture.clean.domain.capture.CaptureCommand;

/** Builds the capture command through its one builder, as every edge does. */
final class BuildsCaptureCommand {
    CaptureCommand command() {
        return CaptureCommand.of("values");
    }
}
