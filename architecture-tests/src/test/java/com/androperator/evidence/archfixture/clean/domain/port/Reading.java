package com.androperator.evidence.archfixture.clean.domain.port;

/** A top-level record beside the ports: a value type, allowed. */
public record Reading(String value) {
}
