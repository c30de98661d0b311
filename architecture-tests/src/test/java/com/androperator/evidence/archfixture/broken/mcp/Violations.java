package com.androperator.evidence.archfixture.broken.mcp;

/** Breaks edgesUseTheCompositionRoot: the mcp edge names an adapter itself. */
final class WiresAdapter {
    private com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter target;
}
