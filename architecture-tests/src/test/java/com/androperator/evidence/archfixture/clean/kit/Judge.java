package com.androperator.evidence.archfixture.clean.kit;

import com.androperator.evidence.archfixture.clean.conformance.BundleVerifier;

/** Judges through the verifier's public entry point only. */
public final class Judge {
    public boolean judge(String bundle) {
        return new BundleVerifier().verify(bundle);
    }
}
