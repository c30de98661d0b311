package com.androperator.evidence.archfixture.broken.junit5;

/** Breaks edgesUseTheCompositionRoot: the junit5 edge names an adapter itself. */
final class WiresAdapter {
    private com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter target;
}
