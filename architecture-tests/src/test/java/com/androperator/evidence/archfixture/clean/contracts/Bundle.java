package com.androperator.evidence.archfixture.clean.contracts;

/** A contract record built from another: contracts depend on contracts. */
public record Bundle(Record manifest) {
}
