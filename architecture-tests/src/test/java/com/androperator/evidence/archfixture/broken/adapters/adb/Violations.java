package com.androperator.evidence.archfixture.broken.adapters.adb;

/** Breaks adbAdapterIsolated's first clause: an adapter calls another adapter. */
final class ReachesFs {
    private com.androperator.evidence.archfixture.broken.adapters.fs.FsAdapter target;
}

/** Breaks adbAdapterIsolated's first clause: an adapter calls another adapter. */
final class ReachesMedia {
    private com.androperator.evidence.archfixture.broken.adapters.media.MediaAdapter target;
}

/** Breaks adbAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesApi {
    private com.androperator.evidence.archfixture.broken.api.CompositionRoot target;
}

/** Breaks adbAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesCli {
    private com.androperator.evidence.archfixture.broken.cli.Command target;
}

/** Breaks adbAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesMcp {
    private com.androperator.evidence.archfixture.broken.mcp.Tool target;
}

/** Breaks adbAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesJunit5 {
    private com.androperator.evidence.archfixture.broken.junit5.Extension target;
}
