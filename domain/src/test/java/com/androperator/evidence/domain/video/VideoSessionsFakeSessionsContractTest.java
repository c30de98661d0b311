package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.contract.SessionStoreContracts;
import com.androperator.evidence.domain.port.video.SessionStore;
import java.nio.file.Path;

/** The status and stop tests' session store, whose worker may settle the session, keeps the JSON adapter's rules too. */
class VideoSessionsFakeSessionsContractTest extends SessionStoreContracts {

    @Override
    public SessionStore newStore() {
        return new VideoSessionsTest.FakeSessions();
    }

    @Override
    public Path newBundle(String name) {
        return Path.of("/fake/bundles").resolve(name);
    }
}
