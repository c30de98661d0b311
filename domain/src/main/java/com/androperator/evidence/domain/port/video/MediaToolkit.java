package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.VideoSession;
/** Builds the recorder and media adapters for the tools a session saved (the executables that passed the check). */
@FunctionalInterface
public interface MediaToolkit {

    MediaTools forTools(VideoSession.Tools tools);

    record MediaTools(RecorderLauncher recorder, MediaInspector inspector, ClipEncoder encoder, ClipVerifier verifier) {
    }
}
