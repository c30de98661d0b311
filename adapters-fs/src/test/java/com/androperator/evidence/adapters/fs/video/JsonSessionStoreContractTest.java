package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.domain.port.contract.SessionStoreContracts;
import com.androperator.evidence.domain.port.video.SessionStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The JSON file adapter against the five session store contracts that the domain's fake also passes. */
class JsonSessionStoreContractTest extends SessionStoreContracts {
    @TempDir
    Path temp;

    @Override
    public SessionStore newStore() {
        return new JsonSessionStore();
    }

    @Override
    public Path newBundle(String name) throws IOException {
        return Files.createDirectory(temp.resolve(name));
    }
}
