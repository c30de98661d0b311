package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.domain.port.contract.SessionStoreContract;
import com.androperator.evidence.domain.port.video.SessionStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The JSON file adapter against the session store contract that the domain's fake also passes. */
class JsonSessionStoreContractTest extends SessionStoreContract {
    @TempDir
    Path temp;

    @Override
    protected SessionStore newStore() {
        return new JsonSessionStore();
    }

    @Override
    protected Path newBundle(String name) throws IOException {
        return Files.createDirectory(temp.resolve(name));
    }
}
