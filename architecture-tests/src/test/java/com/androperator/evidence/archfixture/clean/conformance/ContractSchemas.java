package com.androperator.evidence.archfixture.clean.conformance;

/** The published schemas, with a nested type the kit may use too. */
public final class ContractSchemas {
    private ContractSchemas() {
    }

    /** One schema. */
    public record Entry(String name) {
    }
}
