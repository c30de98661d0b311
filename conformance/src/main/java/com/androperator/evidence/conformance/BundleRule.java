package com.androperator.evidence.conformance;

/** One group of contract rules, applied to a verification in progress. */
interface BundleRule {
    void check(Verification verification);
}
