package com.androperator.evidence.archfixture.clean.viewer;

import com.androperator.evidence.archfixture.clean.conformance.BundleVerifier;

public final class Page {
    public String render(String bundle) {
        return bundle + (new BundleVerifier().verify(bundle) ? " conforms" : " does not conform");
    }
}
