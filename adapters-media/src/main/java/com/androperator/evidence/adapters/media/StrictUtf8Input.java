package com.androperator.evidence.adapters.media;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Passes a byte stream on only after proving it strict UTF-8 (no lone continuation byte, overlong
 * form, encoded surrogate, code point above U+10FFFF or sequence cut short), holding back a
 * sequence split across reads until it is whole. The parser behind it therefore never meets a
 * malformed byte (the JDK parser's own handler would print one to stderr), and the first one is
 * reported with its byte offset. A stream longer than {@code limit} bytes fails the same way.
 * Memory is one fixed buffer.
 */
final class StrictUtf8Input extends InputStream {
    private static final int BUFFER_BYTES = 64 * 1024;

    private final InputStream in;
    private final long limit;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    /**
     * Where the check decodes to, a piece at a time (the characters are only counted, never kept):
     * 16 KiB, not a character for every byte of the buffer, about 0.1 MB less garbage a capture.
     */
    private final CharBuffer scratch = CharBuffer.allocate(8 * 1024);
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    /** File offset of buffer[0]. */
    private long base;
    /** buffer[position, checked) is proven and not yet read; buffer[checked, filled) awaits the rest of a sequence. */
    private int position;
    private int checked;
    private int filled;
    private boolean eof;
    private String problem;

    StrictUtf8Input(InputStream in, long limit) {
        this.in = in;
        this.limit = limit;
    }

    /** The first problem found (malformed UTF-8, over the limit), if any. */
    Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    /** True when the stream holds no byte at all. */
    boolean isEmpty() throws IOException {
        return !ensureChecked();
    }

    /** Reads (and checks) whatever the consumer left, so that a bad byte anywhere is found. */
    void drain() throws IOException {
        while (ensureChecked()) {
            position = checked;
        }
    }

    @Override
    public int read() throws IOException {
        if (!ensureChecked()) {
            return -1;
        }
        return buffer[position++] & 0xFF;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!ensureChecked()) {
            return -1;
        }
        int n = Math.min(length, checked - position);
        System.arraycopy(buffer, position, target, offset, n);
        position += n;
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** True when proven bytes are ready; false at the clean end of the stream. */
    private boolean ensureChecked() throws IOException {
        if (problem != null) {
            throw new IOException(problem);
        }
        while (position == checked) {
            if (eof) {
                if (checked < filled) {
                    return fail("hierarchy is not valid UTF-8 at its end");
                }
                return false;
            }
            refill();
        }
        return true;
    }

    private void refill() throws IOException {
        // Keep the unfinished sequence (at most 3 bytes) at the front, then read behind it.
        int kept = filled - checked;
        System.arraycopy(buffer, checked, buffer, 0, kept);
        base += checked;
        position = 0;
        checked = 0;
        filled = kept;
        int read = in.read(buffer, filled, buffer.length - filled);
        if (read < 0) {
            eof = true;
            return;
        }
        filled += read;
        if (base + filled > limit) {
            fail("hierarchy is over the " + limit + "-byte limit");
        }
        ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, filled);
        decoder.reset();
        while (true) {
            scratch.clear();
            CoderResult result = decoder.decode(bytes, scratch, false);
            if (result.isError()) {
                fail("hierarchy is not valid UTF-8: malformed byte sequence at offset " + (base + bytes.position()));
            }
            if (result.isUnderflow()) {
                break;
            }
        }
        checked = bytes.position();
    }

    private boolean fail(String why) throws IOException {
        problem = why;
        throw new IOException(why);
    }
}
