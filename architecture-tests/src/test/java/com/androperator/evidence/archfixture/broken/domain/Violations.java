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

/** Breaks domainMakesNoMapsOfItsValues: reads built diagnostics back as a map. */
final class ReadsDetailsAsMap {
    Object phase(com.androperator.evidence.archfixture.broken.contracts.Details details) {
        return details.asMap().get("phase");
    }
}

/** Breaks domainMakesNoMapsOfItsValues: makes diagnostics from a map instead of by typed key. */
final class MakesDetailsFromJson {
    com.androperator.evidence.archfixture.broken.contracts.Details details() {
        return com.androperator.evidence.archfixture.broken.contracts.Details.fromJson(java.util.Map.of("phase", "x"));
    }
}

/** Breaks domainMakesNoMapsOfItsValues: reads the caller's context back as a map (by reference). */
final class ReadsContextAsMap {
    java.util.function.Function<com.androperator.evidence.archfixture.broken.contracts.CallerContext,
            java.util.Map<String, Object>> members() {
        return com.androperator.evidence.archfixture.broken.contracts.CallerContext::asMap;
    }
}

/** Breaks domainMakesNoMapsOfItsValues: makes the caller's context from a map. */
final class CopiesContextFromMap {
    com.androperator.evidence.archfixture.broken.contracts.CallerContext context() {
        return com.androperator.evidence.archfixture.broken.contracts.CallerContext.copyOf(java.util.Map.of("a", 1));
    }
}
