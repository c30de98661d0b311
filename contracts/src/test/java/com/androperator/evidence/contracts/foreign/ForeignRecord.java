package com.androperator.evidence.contracts.foreign;

/** A record outside the contracts package, which details refuse to write whole. */
public record ForeignRecord(String value) {
}
