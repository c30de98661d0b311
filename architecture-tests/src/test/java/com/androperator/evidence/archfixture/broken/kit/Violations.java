package com.androperator.evidence.archfixture.broken.kit;

/** Breaks kitJudgesIndependently: the kit uses the writer's domain. */
final class ReachesDomain {
    private com.androperator.evidence.archfixture.broken.domain.UseCase target;
}

/** Breaks kitJudgesIndependently: the kit uses the writer's adapter. */
final class ReachesAdapter {
    private com.androperator.evidence.archfixture.broken.adapters.media.MediaAdapter target;
}

/** Breaks kitJudgesIndependently: the kit uses the verifier's internals. */
final class ReachesVerifierInternals {
    private com.androperator.evidence.archfixture.broken.conformance.Internals target;
}

/** Breaks kitJudgesIndependently: the kit uses the writer's contract records. */
final class ReachesContractRecord {
    private com.androperator.evidence.archfixture.broken.contracts.Record target;
}
