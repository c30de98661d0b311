package com.androperator.evidence.archfixture.broken.adapters.fs;

/** Breaks fsAdapterIsolated's first clause: an adapter calls another adapter. */
final class ReachesAdb {
    private com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter target;
}

/** Breaks fsAdapterIsolated's first clause: an adapter calls another adapter. */
final class ReachesMedia {
    private com.androperator.evidence.archfixture.broken.adapters.media.MediaAdapter target;
}

/** Breaks fsAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesApi {
    private com.androperator.evidence.archfixture.broken.api.CompositionRoot target;
}

/** Breaks fsAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesCli {
    private com.androperator.evidence.archfixture.broken.cli.Command target;
}

/** Breaks fsAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesMcp {
    private com.androperator.evidence.archfixture.broken.mcp.Tool target;
}

/** Breaks fsAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesJunit5 {
    private com.androperator.evidence.archfixture.broken.junit5.Extension target;
}
