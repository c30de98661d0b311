package com.androperator.evidence.archfixture.broken.api;

import com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter;
import com.androperator.evidence.archfixture.broken.domain.port.Source;

public final class Root {
    public static Source wire() {
        return new AdbAdapter();
    }
}
