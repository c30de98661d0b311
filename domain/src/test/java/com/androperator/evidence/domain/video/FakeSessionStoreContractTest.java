package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.contract.SessionStoreContract;
import java.nio.file.Path;

/** The domain's in-memory session store keeps what the JSON file adapter keeps, where it keeps it. */
class FakeSessionStoreContractTest extends SessionStoreContract {

    @Override
    protected SessionStore newStore() {
        return new FakeSessionStore();
    }

    @Override
    protected Path newBundle(String name) {
        return Path.of("/fake/bundles").resolve(name);
    }
}
