package com.androperator.evidence.archfixture.broken.conformance;

/** Breaks conformanceJudgesByTheContract: the verifier uses the writer's domain. */
final class ReachesDomain {
    private com.androperator.evidence.archfixture.broken.domain.UseCase target;
}
