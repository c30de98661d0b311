package com.androperator.evidence.archfixture.clean.daemon;

/** What the daemon runs for a client; the cli edge provides it. */
public interface Runner {
    int run(String[] args);
}
