package com.androperator.evidence.distribution;

/** A build step that cannot go on; its message says what to fix. */
final class BuildFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BuildFailure(String message) {
        super(message);
    }

    BuildFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
