package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.ManagedBundles;
import com.androperator.evidence.domain.port.contract.ManagedBundlesContract;
import java.nio.file.Path;

/** The domain's in-memory managed root proves, keeps its proof and refuses as the file adapter does. */
class FakeManagedBundlesContractTest extends ManagedBundlesContract {
    private static final Failure UNWRITABLE = Failure.of(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, "read-only");

    @Override
    protected ManagedBundles usable() {
        return new FakeManagedBundles();
    }

    @Override
    protected ManagedBundles unusable() {
        return new FakeManagedBundles().unpreparable(UNWRITABLE);
    }

    @Override
    protected void stopTakingFiles(ManagedBundles bundles, Path root) {
        ((FakeManagedBundles) bundles).stopsTakingFiles(UNWRITABLE);
    }
}
