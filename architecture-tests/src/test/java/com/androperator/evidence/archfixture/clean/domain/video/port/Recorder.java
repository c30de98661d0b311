package com.androperator.evidence.archfixture.clean.domain.video.port;

/** A video port in its own port package. */
public interface Recorder {
    String record();
}
