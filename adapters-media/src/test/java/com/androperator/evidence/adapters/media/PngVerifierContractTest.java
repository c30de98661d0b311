package com.androperator.evidence.adapters.media;

import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.contract.ImageVerifierContract;

/** The decoding PNG verifier against the contract that the domain's fake also passes. */
class PngVerifierContractTest extends ImageVerifierContract {

    @Override
    protected ImageVerifier verifier() {
        return new PngVerifier();
    }
}
