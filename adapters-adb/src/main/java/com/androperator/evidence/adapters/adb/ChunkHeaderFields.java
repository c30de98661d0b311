package com.androperator.evidence.adapters.adb;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The fields of a chunk header that {@link OperatorResultAssembler} judges, as read: each value
 * exactly as the strict reader ({@link DeviceJson}) gives it, or null where the header has no such
 * field or a value of another kind. Read either from the header's map, or, for a header written
 * exactly as the Operator writes it, straight from the line's bytes ({@link #canonical}).
 *
 * @param commandId the header's commandId, a string
 * @param taskId    its taskId as read (any JSON value), null when absent
 * @param index     its integral index, null when absent or not integral
 * @param count     its integral count, likewise
 * @param byteLength its integral byteLength, likewise
 * @param sha256    its sha256 as read (any JSON value), null when absent
 * @param data      its data as read (any JSON value; the empty string when the line's data was
 *                  left out of the read, {@link ChunkData}), null when absent
 */
record ChunkHeaderFields(String commandId, @Nullable Object taskId, @Nullable Long index, @Nullable Long count,
                         @Nullable Long byteLength, @Nullable Object sha256, @Nullable Object data) {

    /** The longest commandId or taskId read from the bytes; anything longer takes the strict reader. */
    private static final int MAX_ID_BYTES = 1024;
    /** The most digits a value read from the bytes may have: every such number fits a long. */
    private static final int MAX_DIGITS = 18;

    private static final byte[] COMMAND_ID = ascii("{\"commandId\":\"");
    private static final byte[] TASK_ID = ascii("\",\"taskId\":\"");
    private static final byte[] INDEX = ascii("\",\"index\":");
    private static final byte[] COUNT = ascii(",\"count\":");
    private static final byte[] BYTE_LENGTH = ascii(",\"byteLength\":");
    private static final byte[] SHA256 = ascii(",\"sha256\":\"");
    private static final byte[] DATA = ascii("\",\"data\":\"");
    private static final byte[] END = ascii("\"}");
    /** The fields before the data, each key with what precedes it, and the kind of its value. */
    private static final byte[][] KEYS = {COMMAND_ID, TASK_ID, INDEX, COUNT, BYTE_LENGTH, SHA256};
    private static final Kind[] VALUES = {Kind.TEXT, Kind.TEXT, Kind.NUMBER, Kind.NUMBER, Kind.NUMBER, Kind.HASH};

    /** What a value read from the bytes may be. */
    private enum Kind {
        /** Printable ASCII, no escape: a commandId or taskId. */
        TEXT,
        /** A plain decimal integer that fits a long. */
        NUMBER,
        /** 64 hex digits of either case. */
        HASH
    }

    ChunkHeaderFields {
        Objects.requireNonNull(commandId, "commandId");
    }

    /** The fields of a header the strict reader read as a JSON object whose commandId is {@code commandId}. */
    static ChunkHeaderFields of(Map<?, ?> header, String commandId) {
        return new ChunkHeaderFields(commandId, header.get("taskId"), integral(header.get("index")),
                integral(header.get("count")), integral(header.get("byteLength")), header.get("sha256"),
                header.get("data"));
    }

    /** A JSON number as the strict reader gives it, as a long when it is an integer that fits one; else null. */
    private static @Nullable Long integral(@Nullable Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big && big.bitLength() < 63) {
            return big.longValue();
        }
        return null;
    }

    /**
     * The header of the chunk line {@code line[jsonAt, length)}, whose data string {@code data}
     * found, when it is written exactly as the Operator writes it: its seven fields in the
     * Operator's order, no white space but before it and after it, commandId and taskId printable
     * ASCII without escapes, index, count and byteLength plain decimal integers, sha256 64 hex
     * digits. The strict reader would read such a header to these very values, so it is spared
     * that read (about 220 chunk lines a capture of a screen-sized hierarchy); null for a header
     * of any other shape, which the strict reader then reads and judges as always.
     */
    static @Nullable ChunkHeaderFields canonical(byte[] line, int jsonAt, int length, ChunkData data) {
        Cursor at = new Cursor(line, skipWhiteSpace(line, jsonAt, data.start()), data.start());
        Object[] values = new Object[KEYS.length];
        for (int i = 0; i < KEYS.length; i++) {
            values[i] = at.literal(KEYS[i]) ? at.value(VALUES[i]) : null;
            if (values[i] == null) {
                return null;
            }
        }
        boolean dataNext = at.literal(DATA) && at.position == data.start();
        Cursor after = new Cursor(line, data.end(), length);
        if (!dataNext || !after.literal(END) || skipWhiteSpace(line, after.position, length) != length) {
            return null;
        }
        return new ChunkHeaderFields((String) values[0], values[1], (Long) values[2], (Long) values[3],
                (Long) values[4], values[5], "");
    }

    /** The first offset from {@code from} (before {@code to}) that is not JSON white space. */
    private static int skipWhiteSpace(byte[] line, int from, int to) {
        int at = from;
        while (at < to && CheckedJson.whiteSpace(line[at])) {
            at++;
        }
        return at;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Reads the header's bytes from left to right, none at or past {@code limit}; every read that
     * does not match returns null or -1.
     */
    private static final class Cursor {
        private final byte[] line;
        private final int limit;
        private int position;

        Cursor(byte[] line, int position, int limit) {
            this.line = line;
            this.position = position;
            this.limit = limit;
        }

        boolean literal(byte[] expected) {
            int end = position + expected.length;
            if (end > limit || !Arrays.equals(line, position, end, expected, 0, expected.length)) {
                return false;
            }
            position = end;
            return true;
        }

        /** The value of {@code kind} here (a String or a Long), or null when what is here is not one. */
        @Nullable Object value(Kind kind) {
            return switch (kind) {
                case TEXT -> plainAscii();
                case NUMBER -> {
                    long number = integer();
                    yield number < 0 ? null : (Object) number;
                }
                case HASH -> sha256();
            };
        }

        /** Printable ASCII up to the next quote, which is not consumed: no backslash, no control character. */
        @Nullable String plainAscii() {
            int start = position;
            int end = start;
            while (end < limit && end - start <= MAX_ID_BYTES) {
                byte b = line[end];
                if (b == '"') {
                    position = end;
                    return new String(line, start, end - start, StandardCharsets.US_ASCII);
                }
                if (b < 0x20 || b > 0x7E || b == '\\') {
                    return null;
                }
                end++;
            }
            return null;
        }

        /** A plain decimal integer (no sign, no leading zero, at most 18 digits), or -1. */
        long integer() {
            int start = position;
            long value = 0;
            int end = start;
            while (end < limit && line[end] >= '0' && line[end] <= '9') {
                value = value * 10 + (line[end] - '0');
                end++;
            }
            int digits = end - start;
            if (digits == 0 || digits > MAX_DIGITS || digits > 1 && line[start] == '0') {
                return -1;
            }
            position = end;
            return value;
        }

        /** A sha256 of 64 hex digits of either case, then a quote (not consumed), or null. */
        @Nullable String sha256() {
            if (position + 64 >= limit || line[position + 64] != '"') {
                return null;
            }
            String hex = new String(line, position, 64, StandardCharsets.ISO_8859_1);
            if (!OperatorResultAssembler.isSha256Hex(hex)) {
                return null;
            }
            position += 64;
            return hex;
        }
    }
}
