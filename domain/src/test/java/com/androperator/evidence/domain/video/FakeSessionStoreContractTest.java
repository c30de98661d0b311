package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.contract.SessionStoreContracts;
import java.nio.file.Path;

/** The domain's in-memory session store keeps what the JSON file adapter keeps, where it keeps it. */
class FakeSessionStoreContractTest extends SessionStoreContracts {

    @Override
    public SessionStore newStore() {
        return new FakeSessionStore();
    }

    @Override
    public Path newBundle(String name) {
        return Path.of("/fake/bundles").resolve(name);
    }
}
