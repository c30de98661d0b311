package com.androperator.evidence.conformance.content;

import java.io.IOException;
import java.io.InputStream;

/** A text artifact is strict UTF-8 to its last byte ({@link StrictUtf8InputStream}); fixed memory. */
public final class Utf8Check {
    /** Checks {@code in} to its end; the stream is read, never closed. */
    public ContentVerdict check(InputStream in) throws IOException {
        try {
            new StrictUtf8InputStream(in).drain();
            return new ContentVerdict.Passed();
        } catch (StrictUtf8InputStream.MalformedUtf8Exception e) {
            return new ContentVerdict.Failed("the text is " + e.getMessage());
        }
    }
}
