package com.androperator.evidence.archfixture.clean.adapters.media;

import com.androperator.evidence.archfixture.clean.domain.video.port.Recorder;

/** Implements a video port. */
public final class Adapter implements Recorder {
    @Override
    public String record() {
        return "media";
    }
}
