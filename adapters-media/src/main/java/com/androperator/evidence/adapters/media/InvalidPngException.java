package com.androperator.evidence.adapters.media;

/**
 * Why a PNG is not complete and valid, raised deep in the chunk walk and turned into a
 * {@code Rejected} result at the verifier's boundary.
 *
 * <p>It carries no stack trace: a rejection is an ordinary outcome for corrupt input, not a bug,
 * and fuzzing thousands of corrupt images should not pay for stack walks.
 */
final class InvalidPngException extends Exception {

    private static final long serialVersionUID = 1L;

    InvalidPngException(String reason) {
        super(reason, null, false, false);
    }
}
