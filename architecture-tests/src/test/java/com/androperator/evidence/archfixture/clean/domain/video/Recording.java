package com.androperator.evidence.archfixture.clean.domain.video;

/** A domain abstract class outside the port packages: no port, so no rule asks it to be an interface. */
public abstract class Recording {
    public abstract String name();
}
