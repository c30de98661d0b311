package com.androperator.evidence.archfixture.clean.domain.model;

import com.androperator.evidence.archfixture.clean.contracts.CallerContext;
import com.androperator.evidence.archfixture.clean.contracts.Details;

/**
 * What domainMakesNoMapsOfItsValues allows: diagnostics built by key and a context passed on,
 * asked only what they answer without a map.
 */
public record Diagnosis(Details details, CallerContext context) {
    public static Diagnosis of(String phase) {
        return new Diagnosis(Details.of("phase", phase), CallerContext.EMPTY);
    }

    public boolean empty() {
        return details.isEmpty() && context.isEmpty();
    }
}
