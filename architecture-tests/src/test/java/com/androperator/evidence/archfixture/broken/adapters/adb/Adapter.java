package com.androperator.evidence.archfixture.broken.adapters.adb;

import com.androperator.evidence.archfixture.broken.adapters.fs.Adapter2;

/** Breaks adaptersDoNotSeeEachOther: adb calls fs. */
public final class Adapter {
    public String read() {
        return new Adapter2().read();
    }
}
