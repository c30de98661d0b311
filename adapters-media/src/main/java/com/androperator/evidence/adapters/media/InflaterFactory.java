package com.androperator.evidence.adapters.media;

import java.util.zip.Inflater;

/** Makes the inflater of one PNG check; a seam for tests that count or instrument inflaters. */
@FunctionalInterface
interface InflaterFactory {

    /**
     * An inflater for a whole zlib stream, or with {@code raw} for bare deflate data (zlib's header
     * and Adler-32 trailer left to the caller), as {@code new Inflater(raw)} makes.
     */
    Inflater create(boolean raw);

    /** Whether a standard stream may be inflated raw; false holds every stream to zlib whole (tests compare the two). */
    default boolean allowsRaw() {
        return true;
    }
}
