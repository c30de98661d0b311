package com.androperator.evidence.archfixture.clean.conformance;

/** Stands for the verifier's public entry point. */
public final class BundleVerifier {
    public boolean verify(String bundle) {
        return !bundle.isEmpty();
    }
}
