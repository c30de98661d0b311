package com.androperator.evidence.conformance.content;

/** What one content check found in a file: acceptable (an image also with its size), or why not. */
public sealed interface ContentVerdict {

    /** The content is what its kind promises. */
    record Passed() implements ContentVerdict {
    }

    /** A valid PNG of this many pixels, from its verified header. */
    record Image(int width, int height) implements ContentVerdict {
        public Image {
            if (width <= 0 || height <= 0) {
                throw new IllegalArgumentException("an image has positive dimensions: " + width + "x" + height);
            }
        }
    }

    /** Not acceptable; {@code reason} says what and where, in the file's own terms (offsets, lines). */
    record Failed(String reason) implements ContentVerdict {
        public Failed {
            if (reason == null || reason.isEmpty()) {
                throw new IllegalArgumentException("a failed check says why");
            }
        }
    }

    default boolean passed() {
        return !(this instanceof Failed);
    }
}
