package com.androperator.evidence.archfixture.broken.adapters.fs;

import com.androperator.evidence.archfixture.broken.adapters.media.Adapter3;

/** Breaks fsAdapterIsolated: fs calls media. */
public final class Adapter2 {
    public String read() {
        return new Adapter3().read();
    }
}
