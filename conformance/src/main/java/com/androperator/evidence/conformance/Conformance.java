package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.ContractJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * For tests: every test that produces a bundle calls {@link #assertConforms}. Throws a plain
 * {@link AssertionError}, so it works under any test framework without depending on one.
 */
public final class Conformance {
    private Conformance() {
    }

    /**
     * Verifies strictly (as the current writer writes: image geometry on complete screenshots) and
     * returns the report when the bundle conforms.
     */
    public static VerificationReport assertConforms(Path bundleDir) {
        VerificationReport report = BundleVerifier.strict().verify(bundleDir);
        if (!report.ok()) {
            throw new AssertionError("bundle " + bundleDir + " does not conform:\n"
                    + new String(ContractJson.toPrettyBytes(report), StandardCharsets.UTF_8));
        }
        return report;
    }
}
