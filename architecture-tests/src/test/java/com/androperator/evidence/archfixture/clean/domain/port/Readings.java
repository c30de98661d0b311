package com.androperator.evidence.archfixture.clean.domain.port;

import com.androperator.evidence.archfixture.clean.domain.model.Field;
import com.androperator.evidence.archfixture.clean.domain.model.Reading;

/** A port speaking in values of the value package: ports depend on values, never the reverse. */
public interface Readings {
    Reading latest(Field field);

    /** A map with typed values is allowed in a port signature (domainSpeaksInTypes). */
    java.util.Map<String, Reading> latestByName(java.util.Set<String> names);
}
