package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.contract.HierarchyVerifierContract;

/** The domain's shallow XML check gives the verdicts the StAX verifier gives on the contract's inputs. */
class FakeHierarchyVerifierContractTest extends HierarchyVerifierContract {

    @Override
    protected HierarchyVerifier verifier() {
        return new FakeHierarchyVerifier();
    }
}
