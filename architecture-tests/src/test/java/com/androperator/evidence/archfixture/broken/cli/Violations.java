package com.androperator.evidence.archfixture.broken.cli;

/** Breaks edgesUseTheCompositionRoot: the cli edge names an adapter itself. */
final class WiresAdapter {
    private com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter target;
}
