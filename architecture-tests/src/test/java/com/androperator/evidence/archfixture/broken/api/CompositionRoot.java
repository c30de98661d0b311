package com.androperator.evidence.archfixture.broken.api;

import com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter;
import com.androperator.evidence.archfixture.broken.domain.port.Source;

public final class CompositionRoot {
    public static Source wire() {
        return new AdbAdapter();
    }
}
