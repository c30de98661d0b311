package com.androperator.evidence.domain.capture;

/** Describes an adapter's unexpected exception for the bundle, where it is recorded as a failure value. */
final class AdapterFault {
    private AdapterFault() {
    }

    static String describe(RuntimeException e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getName()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
