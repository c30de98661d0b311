package com.androperator.evidence.archfixture.broken.mcp;

/** Breaks edgesUseTheCompositionRoot: the mcp edge names an adapter itself. */
final class WiresAdapter {
    private com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter target;
}

/** Breaks edgesBuildTheCaptureCommandFromRequestValues: an edge builds the command by its constructor. */
final class BuildsCaptureCommandByHand {
    Object command() {
        return new com.androperator.evidence.archfixture.broken.domain.capture.CaptureCommand("values");
    }
}
