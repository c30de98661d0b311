package com.androperator.evidence.archfixture.broken.conformance;

public final class BundleVerifier {
}
