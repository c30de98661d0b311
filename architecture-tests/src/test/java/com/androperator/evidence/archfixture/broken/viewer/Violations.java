package com.androperator.evidence.archfixture.broken.viewer;

/** Breaks viewerOnlyReadsBundles: the viewer uses an adapter. */
final class ReachesAdapter {
    private com.androperator.evidence.archfixture.broken.adapters.fs.FsAdapter target;
}

/** Breaks viewerOnlyReadsBundles: the viewer uses the verifier's internals. */
final class ReachesVerifierInternals {
    private com.androperator.evidence.archfixture.broken.conformance.Internals target;
}
