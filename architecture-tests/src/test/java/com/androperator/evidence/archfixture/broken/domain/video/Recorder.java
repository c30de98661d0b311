package com.androperator.evidence.archfixture.broken.domain.video;

/** A domain interface outside the port packages, which no adapter may implement. */
public interface Recorder {
    String record();
}
