package com.androperator.evidence.archfixture.broken.viewer;

import com.androperator.evidence.archfixture.broken.adapters.fs.Adapter2;
import com.androperator.evidence.archfixture.broken.conformance.Internals;

/** Breaks viewerOnlyReadsBundles: the viewer reaches an adapter and the verifier's internals. */
public final class Page {
    public String render() {
        return new Adapter2() + " " + new Internals().rules();
    }
}
