package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.contract.ImageVerifierContract;

/** The domain's shallow PNG check gives the verdicts the real decoder gives on the contract's inputs. */
class FakeImageVerifierContractTest extends ImageVerifierContract {

    @Override
    protected ImageVerifier verifier() {
        return new FakeImageVerifier();
    }
}
