package com.androperator.evidence.domain.port;

import com.androperator.evidence.contracts.ParserLimits;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Proves from the bytes alone that a screenshot is a complete PNG: signature, header, every chunk
 * CRC, the whole zlib stream decoded to the last row, IEND last. A transport that closed cleanly
 * proves nothing, so this is the only way an image becomes complete.
 *
 * <p>The check consumes the bytes as they arrive ({@link #start()}), so the screenshot is read,
 * written, hashed and verified in one pass and never held whole in memory.
 */
public interface ImageVerifier {

    /** Largest PNG accepted, in bytes (spec: capture is limited to 64 MiB). */
    long MAX_PNG_BYTES = ParserLimits.MAX_PNG_BYTES;

    /** Largest image decoded, in pixels (spec: decoding is limited to 32 million pixels). */
    long MAX_PIXELS = ParserLimits.MAX_PIXELS;

    /** Starts checking one PNG whose bytes will be handed over in order, in pieces of any size. */
    ImageCheck start();

    /** Checks a PNG that is already whole in memory. */
    default ImageVerification verify(byte[] png) {
        try (ImageCheck check = start()) {
            check.accept(png, 0, png.length);
            return check.finish();
        }
    }

    /**
     * One PNG being checked as its bytes arrive. The first problem found is final: later bytes
     * cost almost nothing. Not shared between threads.
     */
    interface ImageCheck extends AutoCloseable {
        /**
         * The next {@code length} bytes of the PNG, read during this call only: the caller may fill
         * the array again once it returns (the capture reuses its read buffer and its slices).
         */
        void accept(byte[] bytes, int offset, int length);

        /** The verdict on every byte accepted: the PNG ends here. */
        ImageVerification finish();

        /** Releases what the check holds (an inflater); idempotent, also after {@link #finish()}. */
        @Override
        default void close() {
        }
    }

    /** The outcome of verifying one PNG. */
    sealed interface ImageVerification {
        /**
         * Every byte checked; width and height come from the verified IHDR. {@code singleColour} is
         * the one colour of every pixel ({@code #rrggbb}, alpha digits appended when not opaque,
         * four digits a sample at 16 bits), found in the same pass; empty when the pixels differ or
         * the verifier does not judge that image's kind.
         */
        record Verified(int width, int height, Optional<String> singleColour) implements ImageVerification {
            private static final Pattern COLOUR = Pattern.compile("#(?:[0-9a-f]{6}|[0-9a-f]{8}|[0-9a-f]{12}|[0-9a-f]{16})");

            public Verified {
                if (width <= 0 || height <= 0) {
                    throw new IllegalArgumentException("verified dimensions must be positive");
                }
                if (singleColour == null || singleColour.filter(c -> !COLOUR.matcher(c).matches()).isPresent()) {
                    throw new IllegalArgumentException("a single colour is #rrggbb[aa] in lower-case hex: " + singleColour);
                }
            }

            /** Verified, of no single colour known. */
            public Verified(int width, int height) {
                this(width, height, Optional.empty());
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
