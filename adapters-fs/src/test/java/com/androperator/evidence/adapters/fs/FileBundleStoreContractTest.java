package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.contract.BundleStoreContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The file adapter against the store contract that the domain's fake also passes. */
class FileBundleStoreContractTest extends BundleStoreContract {
    @TempDir
    Path temp;

    @Override
    protected BundleStore newStore() {
        return new FileBundleStore();
    }

    @Override
    protected Path root() {
        return temp.toAbsolutePath();
    }

    @Override
    protected void makeExisting(BundleStore store, Path directory) throws IOException {
        Files.createDirectory(directory);
    }

    @Override
    protected Path withMissingParent(BundleStore store) {
        return root().resolve("missing").resolve("bundle");
    }
}
