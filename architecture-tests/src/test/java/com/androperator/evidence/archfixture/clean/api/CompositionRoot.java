package com.androperator.evidence.archfixture.clean.api;

import com.androperator.evidence.archfixture.clean.adapters.adb.Adapter;
import com.androperator.evidence.archfixture.clean.domain.UseCase;

/** The one composition root: it may name adapters. */
public final class CompositionRoot {
    private CompositionRoot() {
    }

    public static UseCase wire() {
        return new UseCase(new Adapter());
    }
}
