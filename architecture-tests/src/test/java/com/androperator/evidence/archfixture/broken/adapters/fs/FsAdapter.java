package com.androperator.evidence.archfixture.broken.adapters.fs;

import com.androperator.evidence.archfixture.broken.domain.video.port.Clip;

public final class FsAdapter implements Clip {
    @Override
    public String name() {
        return "fs";
    }
}
