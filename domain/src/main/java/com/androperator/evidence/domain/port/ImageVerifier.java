package com.androperator.evidence.domain.port;

/**
 * Proves from the bytes alone that a screenshot is a complete PNG: signature, header, every chunk
 * CRC, the whole zlib stream decoded to the last row, IEND last. A transport that closed cleanly
 * proves nothing, so this is the only way an image becomes complete.
 */
public interface ImageVerifier {

    /** Largest PNG accepted, in bytes (spec: capture is limited to 64 MiB). */
    long MAX_PNG_BYTES = 64L * 1024 * 1024;

    /** Largest image decoded, in pixels (spec: decoding is limited to 32 million pixels). */
    long MAX_PIXELS = 32_000_000L;

    ImageVerification verify(byte[] png);

    /** The outcome of verifying one PNG. */
    sealed interface ImageVerification {
        /** Every byte checked; width and height come from the verified IHDR. */
        record Verified(int width, int height) implements ImageVerification {
            public Verified {
                if (width <= 0 || height <= 0) {
                    throw new IllegalArgumentException("verified dimensions must be positive");
                }
            }
        }

        /** Not a complete, valid PNG; {@code reason} says what is wrong and where. */
        record Rejected(String reason) implements ImageVerification {
            public Rejected {
                if (reason == null || reason.isBlank()) {
                    throw new IllegalArgumentException("a rejection needs a reason");
                }
            }
        }
    }
}
