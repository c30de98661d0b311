package com.androperator.evidence.archfixture.broken.domain.port;

/** Breaks portsAreInterfaces: a port that is a class. */
public abstract class SourceBase {
    public abstract String read();
}
