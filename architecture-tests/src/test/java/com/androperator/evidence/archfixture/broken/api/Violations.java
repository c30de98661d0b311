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

/** Breaks adaptersAreConstructedOnlyInTheRoot: api code beside the root builds an adapter itself. */
final class ConstructsAdapter {
    private final Object adapter = new com.androperator.evidence.archfixture.broken.adapters.adb.AdbAdapter();
}

/** Breaks adaptersAreConstructedOnlyInTheRoot: a port implementation outside the adapters, built outside the root. */
final class ConstructsPortImplementation {
    private final Object source = new LocalSource();
}
