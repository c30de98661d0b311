package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.contract.BundleStoreContract;
import java.nio.file.Path;

/** The domain's in-memory store reserves, refuses and validates as the file adapter does. */
class FakeBundleStoreContractTest extends BundleStoreContract {

    @Override
    protected BundleStore newStore() {
        return new FakeBundleStore();
    }

    @Override
    protected Path root() {
        return Path.of("/fake/bundles");
    }

    @Override
    protected void makeExisting(BundleStore store, Path directory) {
        ((FakeBundleStore) store).withExisting(directory);
    }

    @Override
    protected Path withMissingParent(BundleStore store) {
        Path missing = root().resolve("missing");
        ((FakeBundleStore) store).withMissingParent(missing);
        return missing.resolve("bundle");
    }
}
