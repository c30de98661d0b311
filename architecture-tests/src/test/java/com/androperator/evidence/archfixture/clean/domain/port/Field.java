package com.androperator.evidence.archfixture.clean.domain.port;

/** A value type beside the ports, as the domain's RequestField: allowed (portsAreInterfaces' areNotEnums). */
public enum Field {
    DEVICE
}
