package com.androperator.evidence.archfixture.broken.adapters.media;

/** Breaks mediaAdapterIsolated's first clause: an adapter calls another adapter. */
final class ReachesAdb {
    private com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter target;
}

/** Breaks mediaAdapterIsolated's first clause: an adapter calls another adapter. */
final class ReachesFs {
    private com.androperator.evidence.archfixture.broken.adapters.fs.FsAdapter target;
}

/** Breaks mediaAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesApi {
    private com.androperator.evidence.archfixture.broken.api.CompositionRoot target;
}

/** Breaks mediaAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesCli {
    private com.androperator.evidence.archfixture.broken.cli.Command target;
}

/** Breaks mediaAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesMcp {
    private com.androperator.evidence.archfixture.broken.mcp.Tool target;
}

/** Breaks mediaAdapterIsolated's second clause: an adapter reaches an edge. */
final class ReachesJunit5 {
    private com.androperator.evidence.archfixture.broken.junit5.Extension target;
}

/** Breaks adaptersImplementOnlyPorts: an adapter implements a domain interface outside the port packages. */
final class ImplementsDomainInterface implements com.androperator.evidence.archfixture.broken.domain.video.Recorder {
    @Override
    public String record() {
        return "media";
    }
}
