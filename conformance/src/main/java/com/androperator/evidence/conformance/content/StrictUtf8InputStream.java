package com.androperator.evidence.conformance.content;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes bytes through unchanged while proving they are strict UTF-8 (RFC 3629): no overlong
 * forms, no encoded surrogates, nothing above U+10FFFF, no sequence cut by the end of input. The
 * first offence throws {@link MalformedUtf8Exception} with the offset where its sequence starts.
 *
 * <p>A byte-at-a-time state machine of its own, not the JDK's decoder: the verifier's judgement of
 * "strict UTF-8" must not be the writer's piece of code. Memory: three ints of state.
 */
public final class StrictUtf8InputStream extends FilterInputStream {

    /** Malformed UTF-8; {@link #offset()} is where the offending sequence starts. */
    public static final class MalformedUtf8Exception extends IOException {
        private static final long serialVersionUID = 1L;
        private final long offset;

        MalformedUtf8Exception(long offset, String what) {
            super("not valid UTF-8: " + what + " at byte offset " + offset);
            this.offset = offset;
        }

        public long offset() {
            return offset;
        }
    }

    private long position;
    private long sequenceStart;
    private int continuationsDue;
    private int codePoint;
    private int smallestAllowed;
    private boolean endChecked;

    public StrictUtf8InputStream(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b < 0) {
            checkEnd();
            return b;
        }
        accept(b);
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int count = in.read(buffer, offset, length);
        if (count < 0) {
            checkEnd();
            return count;
        }
        for (int i = offset; i < offset + count; i++) {
            accept(buffer[i] & 0xFF);
        }
        return count;
    }

    @Override
    public long skip(long n) throws IOException {
        // Every byte must be seen: skipping reads.
        byte[] discard = new byte[(int) Math.min(8192, Math.max(n, 1))];
        long skipped = 0;
        while (skipped < n) {
            int count = read(discard, 0, (int) Math.min(discard.length, n - skipped));
            if (count < 0) {
                break;
            }
            skipped += count;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    /** Reads to the end, proving every remaining byte. */
    public void drain() throws IOException {
        byte[] discard = new byte[64 * 1024];
        while (read(discard, 0, discard.length) >= 0) {
            // read() checks as it goes
        }
    }

    private void accept(int b) throws MalformedUtf8Exception {
        long at = position++;
        if (continuationsDue == 0) {
            sequenceStart = at;
            if (b < 0x80) {
                return;
            }
            if (b >= 0xC2 && b <= 0xDF) {
                begin(1, b & 0x1F, 0x80);
            } else if (b >= 0xE0 && b <= 0xEF) {
                begin(2, b & 0x0F, 0x800);
            } else if (b >= 0xF0 && b <= 0xF4) {
                begin(3, b & 0x07, 0x1_0000);
            } else {
                throw new MalformedUtf8Exception(at, String.format("byte 0x%02x cannot start a character", b));
            }
            return;
        }
        if ((b & 0xC0) != 0x80) {
            throw new MalformedUtf8Exception(sequenceStart,
                    String.format("byte 0x%02x at offset %d where a continuation byte is due", b, at));
        }
        codePoint = (codePoint << 6) | (b & 0x3F);
        continuationsDue--;
        if (continuationsDue == 0) {
            if (codePoint < smallestAllowed) {
                throw new MalformedUtf8Exception(sequenceStart, "an overlong encoding");
            }
            if (codePoint >= 0xD800 && codePoint <= 0xDFFF) {
                throw new MalformedUtf8Exception(sequenceStart, String.format("an encoded surrogate U+%04X", codePoint));
            }
            if (codePoint > 0x10_FFFF) {
                throw new MalformedUtf8Exception(sequenceStart, "a code point above U+10FFFF");
            }
        }
    }

    private void begin(int continuations, int bits, int smallest) {
        continuationsDue = continuations;
        codePoint = bits;
        smallestAllowed = smallest;
    }

    private void checkEnd() throws MalformedUtf8Exception {
        if (!endChecked && continuationsDue > 0) {
            endChecked = true;
            throw new MalformedUtf8Exception(sequenceStart, "a character cut short by the end of the file");
        }
        endChecked = true;
    }
}
