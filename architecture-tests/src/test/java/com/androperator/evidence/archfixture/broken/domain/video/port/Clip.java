package com.androperator.evidence.archfixture.broken.domain.video.port;

/** A video port. */
public interface Clip {
    String name();
}

/** Breaks portsAreInterfaces in a nested port package: a video port that is a class. */
abstract class RecorderBase {
    abstract String record();
}
