package com.androperator.evidence.archfixture.clean.domain.model;

/** A record shared by ports and use cases: in a value package, which depends on no port. */
public record Reading(Field field, String value) {
}
