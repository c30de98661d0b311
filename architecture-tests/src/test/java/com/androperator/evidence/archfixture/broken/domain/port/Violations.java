package com.androperator.evidence.archfixture.broken.domain.port;

import java.util.Map;

/** Breaks domainSpeaksInTypes: a port that takes a string-keyed map. */
interface TakesMap {
    void keep(Map<String, Object> details);
}

/** Breaks domainSpeaksInTypes: a port that answers with a string-keyed map of anything. */
interface GivesMap {
    Map<String, ?> diagnostics();
}
