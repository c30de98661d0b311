package com.androperator.evidence.archfixture.broken.domain;

/** Breaks domainIsPure: the domain uses a library. */
final class ReachesLibrary {
    private org.junit.jupiter.api.Assertions target;
}

/** Breaks domainSpeaksInTypes: a domain record with a string-keyed map component. */
record CarriesMap(java.util.Map<String, Object> details) {
}

/** Breaks domainSpeaksInTypes: the map nested in a list is still one. */
record CarriesNestedMaps(java.util.List<java.util.Map<String, ?>> reads) {
}
