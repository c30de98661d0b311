package com.androperator.evidence.archfixture.broken.api;

/** Breaks simulatorIsTestSupport: main code outside the kit uses the simulated phone. */
final class StartsSimulator {
    private com.androperator.evidence.archfixture.broken.simulator.Phone target;
}

/** Breaks adaptersImplementOnlyPorts: the composition root implements a domain interface outside the port packages. */
final class ImplementsDomainInterface implements com.androperator.evidence.archfixture.broken.domain.video.Recorder {
    @Override
    public String record() {
        return "api";
    }
}
