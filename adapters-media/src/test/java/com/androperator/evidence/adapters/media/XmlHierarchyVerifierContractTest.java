package com.androperator.evidence.adapters.media;

import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.contract.HierarchyVerifierContract;

/** The StAX hierarchy verifier against the contract that the domain's fake also passes. */
class XmlHierarchyVerifierContractTest extends HierarchyVerifierContract {

    @Override
    protected HierarchyVerifier verifier() {
        return new XmlHierarchyVerifier();
    }
}
