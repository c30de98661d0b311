package com.androperator.evidence.archfixture.clean.cli;

import com.androperator.evidence.archfixture.clean.daemon.Runner;

/** The cli edge hands the daemon its command (cli depends on daemon, not back): allowed. */
public final class HandsOverCaptures implements Runner {
    @Override
    public int run(String[] args) {
        return new Command().run().length();
    }
}
