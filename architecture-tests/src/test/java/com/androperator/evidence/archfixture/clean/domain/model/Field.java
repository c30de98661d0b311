package com.androperator.evidence.archfixture.clean.domain.model;

/** A value type shared by ports and use cases, as the domain's RequestField: in a value package. */
public enum Field {
    DEVICE
}
