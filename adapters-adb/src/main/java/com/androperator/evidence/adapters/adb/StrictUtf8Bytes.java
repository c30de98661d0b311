package com.androperator.evidence.adapters.adb;

import java.io.IOException;
import java.io.InputStream;

/**
 * The bytes of one device JSON document, checked as strict UTF-8 while they are read: a malformed
 * sequence ends the read with its class and byte offset, never a replacement character. The
 * grammar takes UTF-16 units one at a time; a string's plain runs are handed on as the bytes they
 * are, so a long string (the hierarchy) is never decoded to characters and encoded back.
 *
 * <p>Each read's bytes are checked whole before any of them is handed out, with the rules (and, for
 * a sequence cut by the end of a read, the early refusals) of the JDK's strict decoder that this
 * class used before: a document with a grammar error and a malformed sequence in the same read is
 * refused for the same one as it was, and every offset in a message is the same.
 */
final class StrictUtf8Bytes {
    private final InputStream in;
    private final long byteOffset;
    private final byte[] raw;
    /** Stream offset of raw[0]. */
    private long base;
    /** The next byte to hand out. */
    private int position;
    /** The end of the checked, complete sequences; the bytes after it (to {@link #limit}) are a sequence cut by the read. */
    private int checked;
    /** The end of the bytes read. */
    private int limit;
    private boolean eof;
    private long charIndex;
    /** The low half of a four-byte sequence whose high half {@link #next()} returned, or 0. */
    private char pendingLow;
    /** The UTF-16 units of the run {@link #plainRunEnd} found last. */
    private int runChars;

    /**
     * {@code byteOffset} is where the stream starts in the line it comes from, so that reported
     * offsets are the line's; {@code bufferSize} is the most read at once.
     */
    StrictUtf8Bytes(InputStream in, long byteOffset, int bufferSize) {
        this.in = in;
        this.byteOffset = byteOffset;
        this.raw = new byte[bufferSize];
    }

    /** Where a string's runs go: plain bytes ({@code chars} is how many UTF-16 units they are), and escaped characters. */
    interface RunSink {
        void take(byte[] bytes, int from, int count, int chars) throws IOException;

        void append(char c) throws IOException;
    }

    /** How many UTF-16 units {@link #next()} and the runs have handed out. */
    long charIndex() {
        return charIndex;
    }

    /** The next UTF-16 unit without consuming it, or -1 at the end of the input. */
    int peek() throws DeviceJson.Malformed, IOException {
        if (pendingLow != 0) {
            return pendingLow;
        }
        if (position == checked && !fill()) {
            return -1;
        }
        byte lead = raw[position];
        if (lead >= 0) {
            return lead;
        }
        int codePoint = codePointAt(position);
        return Character.isBmpCodePoint(codePoint) ? codePoint : Character.highSurrogate(codePoint);
    }

    /** The next UTF-16 unit, or -1 at the end of the input. */
    int next() throws DeviceJson.Malformed, IOException {
        if (pendingLow != 0) {
            char low = pendingLow;
            pendingLow = 0;
            charIndex++;
            return low;
        }
        if (position == checked && !fill()) {
            return -1;
        }
        charIndex++;
        byte lead = raw[position];
        if (lead >= 0) {
            position++;
            return lead;
        }
        int codePoint = codePointAt(position);
        position += sequenceBytes(lead);
        if (Character.isBmpCodePoint(codePoint)) {
            return codePoint;
        }
        pendingLow = Character.lowSurrogate(codePoint);
        return Character.highSurrogate(codePoint);
    }

    /**
     * Hands {@code sink} the characters ahead that a JSON string takes as they are (no quote,
     * backslash or control character) as their bytes, whole sequences, and the escapes among them
     * that stand for one ASCII character ({@code \\"}, {@code \\\\}, {@code \\n}...) as that
     * character: at most {@code maxChars} UTF-16 units in all and no further than the bytes already
     * checked. Returns the UTF-8 length of what it handed over (0 when the next character is not one
     * of them, would pass {@code maxChars}, or the input has ended). Consumed as {@link #next()}
     * would, one bulk copy for each run between escapes instead of a call per character: a
     * hierarchy's escaped quotes cut it into runs of about ten characters.
     */
    int takePlainRun(RunSink sink, int maxChars) throws DeviceJson.Malformed, IOException {
        if (maxChars <= 0 || pendingLow != 0 || position == checked && !fill()) {
            return 0;
        }
        int taken = 0;
        int units = 0;
        while (units < maxChars) {
            int end = plainRunEnd(maxChars - units);
            if (end > position) {
                sink.take(raw, position, end - position, runChars);
                taken += end - position;
                units += runChars;
                charIndex += runChars;
                position = end;
            }
            int escaped = units < maxChars ? shortEscapeAt(end) : -1;
            if (escaped < 0) {
                break;
            }
            sink.append((char) escaped);
            position += 2;
            charIndex += 2;
            units++;
            taken++;
        }
        return taken;
    }

    /** The character of the two-byte escape at {@code at} that stands for one ASCII character, or -1 when there is none. */
    private int shortEscapeAt(int at) {
        if (at + 1 >= checked || raw[at] != '\\') {
            return -1;
        }
        return switch (raw[at + 1]) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '/' -> '/';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            default -> -1;
        };
    }

    /** Where {@link #takePlainRun}'s run ends; its UTF-16 units are left in {@link #runChars}. */
    private int plainRunEnd(int maxChars) {
        int at = position;
        int chars = 0;
        while (at < checked) {
            // Plain ASCII bytes, a UTF-16 unit each, at most as many as may still be taken.
            int plain = AsciiWords.plainEnd(raw, at, (int) Math.min(checked, (long) at + maxChars - chars));
            chars += plain - at;
            at = plain;
            if (at == checked) {
                break;
            }
            byte b = raw[at];
            if (b >= 0) {
                // A quote, a backslash, a control character, or a run as long as it may be.
                break;
            } else {
                // A four-byte sequence is two UTF-16 units (a surrogate pair), every other one is one.
                int units = (b & 0xF8) == 0xF0 ? 2 : 1;
                if (chars + units > maxChars) {
                    break;
                }
                chars += units;
                at += sequenceBytes(b);
            }
        }
        runChars = chars;
        return at;
    }

    /** The code point of the checked sequence at {@code at}, which is not ASCII. */
    private int codePointAt(int at) {
        int lead = raw[at] & 0xFF;
        if (lead < 0xE0) {
            return (lead & 0x1F) << 6 | raw[at + 1] & 0x3F;
        }
        if (lead < 0xF0) {
            return (lead & 0x0F) << 12 | (raw[at + 1] & 0x3F) << 6 | raw[at + 2] & 0x3F;
        }
        return (lead & 0x07) << 18 | (raw[at + 1] & 0x3F) << 12 | (raw[at + 2] & 0x3F) << 6 | raw[at + 3] & 0x3F;
    }

    /** The length of the checked sequence whose lead byte (not ASCII) is {@code lead}. */
    private static int sequenceBytes(byte lead) {
        return (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : 4;
    }

    /** Reads and checks more bytes once every checked byte is handed out; false at the end of the input. */
    private boolean fill() throws DeviceJson.Malformed, IOException {
        while (true) {
            if (eof) {
                return false;
            }
            // The cut sequence, if any, moves to the front and waits for the rest.
            base += checked;
            System.arraycopy(raw, checked, raw, 0, limit - checked);
            limit -= checked;
            position = 0;
            checked = 0;
            int n = in.read(raw, limit, raw.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
            checked = check(limit);
            if (checked > 0) {
                return true;
            }
        }
    }

    /** The end of the complete sequences in {@code raw[0, end)}; refuses the first malformed one. */
    private int check(int end) throws DeviceJson.Malformed {
        int at = 0;
        while (at < end) {
            at = AsciiWords.asciiEnd(raw, at, end);
            if (at == end) {
                break;
            }
            int length = Utf8.sequenceLength(raw, at, end);
            if (length < 0 || length == 0 && eof) {
                throw new DeviceJson.Malformed(DeviceJson.NOT_UTF8 + ": " + Utf8.classify(raw, at, end) + " at byte "
                        + (byteOffset + base + at));
            }
            if (length == 0) {
                return at;
            }
            at += length;
        }
        return at;
    }
}
