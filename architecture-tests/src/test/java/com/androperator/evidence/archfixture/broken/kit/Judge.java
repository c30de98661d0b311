package com.androperator.evidence.archfixture.broken.kit;

import com.androperator.evidence.archfixture.broken.adapters.media.Adapter3;
import com.androperator.evidence.archfixture.broken.conformance.Internals;
import com.androperator.evidence.archfixture.broken.domain.UseCase;

/** Breaks kitJudgesIndependently: the kit judges with the writer's media adapter, its domain and the verifier's internals. */
public final class Judge {
    public String judge() {
        return new Adapter3().read() + " " + UseCase.class.getSimpleName() + " " + new Internals().rules();
    }
}
