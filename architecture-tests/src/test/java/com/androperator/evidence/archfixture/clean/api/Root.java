package com.androperator.evidence.archfixture.clean.api;

import com.androperator.evidence.archfixture.clean.adapters.adb.Adapter;
import com.androperator.evidence.archfixture.clean.domain.UseCase;

public final class Root {
    public static UseCase wire() {
        return new UseCase(new Adapter());
    }
}
