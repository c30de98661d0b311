package com.androperator.evidence.adapters.adb;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The characters of one device JSON document, decoded from its bytes as strict UTF-8 while they
 * are read: a malformed sequence ends the read with its class and byte offset, never a
 * replacement character. Kept apart from {@link DeviceJson}'s grammar so the parser sees only
 * characters and the offsets in its messages stay exact.
 */
final class StrictUtf8Chars {
    private final InputStream in;
    private final long byteOffset;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] raw;
    private final ByteBuffer bytes;
    private final CharBuffer chars;
    /** Stream offset of raw[0]. */
    private long base;
    private boolean eof;
    private long charIndex;

    /**
     * {@code byteOffset} is where the stream starts in the line it comes from, so that reported
     * offsets are the line's; {@code bufferSize} sizes both buffers.
     */
    StrictUtf8Chars(InputStream in, long byteOffset, int bufferSize) {
        this.in = in;
        this.byteOffset = byteOffset;
        this.raw = new byte[bufferSize];
        this.bytes = ByteBuffer.wrap(raw).limit(0);
        this.chars = CharBuffer.allocate(bufferSize).limit(0);
    }

    /** How many characters {@link #next()} has returned. */
    long charIndex() {
        return charIndex;
    }

    /** The next character without consuming it, or -1 at the end of the input. */
    int peek() throws DeviceJson.Malformed, IOException {
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        return chars.get(chars.position());
    }

    /** The next character, or -1 at the end of the input. */
    int next() throws DeviceJson.Malformed, IOException {
        if (!chars.hasRemaining() && !fill()) {
            return -1;
        }
        charIndex++;
        return chars.get();
    }

    /** Where a run of plain characters goes: a builder, or straight into a spool as UTF-8. */
    interface RunSink {
        void take(char[] chars, int from, int count) throws IOException;
    }

    /**
     * Hands {@code sink} the characters ahead that a JSON string takes as they are (no quote,
     * backslash or control character), at most {@code max} of them and no further than the
     * characters already decoded; returns their UTF-8 length (0 when the next character is not
     * one of them, or the input has ended). Consumed as {@link #next()} would, one bulk copy
     * instead of a call per character.
     */
    long takePlainRun(RunSink sink, int max) throws DeviceJson.Malformed, IOException {
        if (max <= 0 || !chars.hasRemaining() && !fill()) {
            return 0;
        }
        char[] array = chars.array();
        int start = chars.arrayOffset() + chars.position();
        int end = start + Math.min(chars.remaining(), max);
        long utf8Bytes = 0;
        int at = start;
        for (; at < end; at++) {
            char c = array[at];
            if (c == '"' || c == '\\' || c < 0x20) {
                break;
            }
            utf8Bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        int count = at - start;
        sink.take(array, start, count);
        chars.position(chars.position() + count);
        charIndex += count;
        return utf8Bytes;
    }

    /** {@link #takePlainRun} into {@code text}. */
    long appendPlainRun(StringBuilder text, int max) throws DeviceJson.Malformed, IOException {
        return takePlainRun(text::append, max);
    }

    /** Decodes more characters; false at the end of the input. */
    private boolean fill() throws DeviceJson.Malformed, IOException {
        chars.clear();
        while (true) {
            CoderResult result = decoder.decode(bytes, chars, eof);
            if (result.isError()) {
                int at = bytes.position();
                throw new DeviceJson.Malformed(DeviceJson.NOT_UTF8 + ": " + Utf8.classify(raw, at, bytes.limit()) + " at byte "
                        + (byteOffset + base + at));
            }
            if (chars.position() > 0 || eof) {
                chars.flip();
                return chars.hasRemaining();
            }
            base += bytes.position();
            bytes.compact();
            int n = in.read(raw, bytes.position(), bytes.remaining());
            if (n < 0) {
                eof = true;
            } else {
                bytes.position(bytes.position() + n);
            }
            bytes.flip();
        }
    }
}
