package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ParserLimits;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * Where a chunk line in its usual shape keeps its data: {@code "data":"<base64>"}, the string
 * holding nothing but base64 characters and JSON's {@code \/}. Found in the line's bytes, so that
 * the header around it is read without its one long string (which the strict reader would decode
 * to characters only for them to be encoded back into bytes for the base64 decoder). A header
 * read with that string emptied says exactly what the whole header says, since such a string is
 * valid JSON whatever it holds; a line of any other shape is read whole.
 */
final class ChunkData {
    private static final byte[] KEY = "\"data\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final ByteSearch KEY_SEARCH = new ByteSearch(KEY);
    /** A byte's kind; any other byte is 0, which ends the usual shape. */
    private static final byte BASE64 = 1;
    private static final byte QUOTE = 2;
    private static final byte BACKSLASH = 3;
    /**
     * What each byte value is to the scan: every data byte of every chunk line (about 270 KB a
     * capture) is looked up once here instead of going through a chain of range tests (issue 26).
     */
    private static final byte[] KINDS = kinds();

    /** The string's content, between its quotes: {@code [start, end)} of the line. */
    private final int start;
    private final int end;
    private final boolean escaped;

    private ChunkData(int start, int end, boolean escaped) {
        this.start = start;
        this.end = end;
        this.escaped = escaped;
    }

    /** Where the string's content starts in the line: just after its opening quote. */
    int start() {
        return start;
    }

    /** Where the string's content ends in the line: at its closing quote. */
    int end() {
        return end;
    }

    /** The data string of {@code line}'s JSON at {@code [from, length)}, or null when the line is not of the usual shape. */
    static ChunkData find(byte[] line, int from, int length) {
        int key = KEY_SEARCH.indexOf(line, from, length);
        if (key < 0) {
            return null;
        }
        int start = key + KEY.length;
        boolean escaped = false;
        for (int at = start; at < length; at++) {
            byte kind = KINDS[line[at] & 0xFF];
            if (kind == BASE64) {
                continue;
            }
            if (kind == QUOTE) {
                // A string the strict reader would hold in memory, as it holds every chunk header's.
                return at - start <= ParserLimits.JSON_IN_MEMORY_STRING_CHARS ? new ChunkData(start, at, escaped) : null;
            }
            if (kind == BACKSLASH && at + 1 < length && line[at + 1] == '/') {
                escaped = true;
                at++;
            } else {
                return null;
            }
        }
        return null;
    }

    /** The line's JSON with the data string emptied: the header to read. */
    byte[] header(byte[] line, int from, int length) {
        byte[] header = new byte[length - from - (end - start)];
        System.arraycopy(line, from, header, 0, start - from);
        System.arraycopy(line, end, header, start - from, length - end);
        return header;
    }

    /**
     * The bytes the string's base64 stands for, decoded from the line where it lies when no
     * {@code \/} is escaped (no copy of the text first); throws IllegalArgumentException, with the
     * JDK decoder's message, for text that is not base64.
     */
    byte[] decoded(byte[] line) {
        if (escaped) {
            return Base64.getDecoder().decode(base64(line));
        }
        ByteBuffer decoded;
        try {
            decoded = Base64.getDecoder().decode(ByteBuffer.wrap(line, start, end - start));
        } catch (IllegalArgumentException e) {
            // Its message counts offsets from the line's start; the text's own decode says where in the text.
            return Base64.getDecoder().decode(base64(line));
        }
        byte[] array = decoded.array();
        return decoded.arrayOffset() == 0 && decoded.remaining() == array.length ? array
                : Arrays.copyOfRange(array, decoded.arrayOffset() + decoded.position(),
                        decoded.arrayOffset() + decoded.limit());
    }

    /** The base64 text the string stands for, as bytes ({@code \/} read as {@code /}). */
    byte[] base64(byte[] line) {
        if (!escaped) {
            return Arrays.copyOfRange(line, start, end);
        }
        byte[] text = new byte[end - start];
        int n = 0;
        for (int at = start; at < end; at++) {
            if (line[at] == '\\') {
                at++;
            }
            text[n++] = line[at];
        }
        return Arrays.copyOf(text, n);
    }

    private static byte[] kinds() {
        byte[] kinds = new byte[256];
        for (byte b : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=".getBytes(StandardCharsets.US_ASCII)) {
            kinds[b] = BASE64;
        }
        kinds['"'] = QUOTE;
        kinds['\\'] = BACKSLASH;
        return kinds;
    }
}
