package com.androperator.evidence.viewer;

/**
 * Writes one page in a JVM of its own (the large-hierarchy test runs it with a small heap). With a
 * third argument {@code without-verifier} the conformance verifier is not run, which measures the
 * viewer's own reading and writing.
 */
final class ViewInChildJvm {
    private ViewInChildJvm() {
    }

    public static void main(String[] args) {
        EvidenceViewer viewer = args.length > 2 && args[2].equals("without-verifier")
                ? new EvidenceViewer(java.time.Clock.systemUTC(),
                        dir -> new BundleSnapshot.Verification(null, "The verifier was not run (the viewer alone is measured)."))
                : new EvidenceViewer();
        EvidenceViewer.Outcome outcome = viewer.view(args[0], args[1], false);
        Runtime runtime = Runtime.getRuntime();
        System.out.println(outcome.getClass().getSimpleName() + " max heap " + runtime.maxMemory() / (1024 * 1024) + " MiB, "
                + outcome);
        System.exit(outcome instanceof EvidenceViewer.Outcome.Written ? 0 : 1);
    }
}
