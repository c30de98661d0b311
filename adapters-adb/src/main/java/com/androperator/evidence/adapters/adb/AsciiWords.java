package com.androperator.evidence.adapters.adb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Scans for the first byte that needs a look of its own, eight bytes at a time: a device JSON
 * document is nearly all ASCII, and its longest string (the hierarchy XML) was checked and cut
 * into runs one byte at a time (issue 26). Each word is only asked whether it holds such a byte;
 * the byte itself is then found one at a time, so the answer is exactly the byte-by-byte one.
 */
final class AsciiWords {
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long ONES = 0x0101010101010101L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;
    private static final long SPACES = 0x2020202020202020L;

    private AsciiWords() {
    }

    /** The first index in {@code [from, to)} whose byte is not ASCII, else {@code to}. */
    static int asciiEnd(byte[] bytes, int from, int to) {
        int at = from;
        while (at + Long.BYTES <= to && ((long) WORDS.get(bytes, at) & HIGH_BITS) == 0) {
            at += Long.BYTES;
        }
        while (at < to && bytes[at] >= 0) {
            at++;
        }
        return at;
    }

    /**
     * The first index in {@code [from, to)} whose byte may not be in a JSON string's plain run as
     * it is: a quote, a backslash, a control character or a byte that is not ASCII; else {@code to}.
     */
    static int plainEnd(byte[] bytes, int from, int to) {
        int at = from;
        while (at + Long.BYTES <= to && !needsALook((long) WORDS.get(bytes, at))) {
            at += Long.BYTES;
        }
        while (at < to && isPlain(bytes[at])) {
            at++;
        }
        return at;
    }

    static boolean isPlain(byte b) {
        return b >= 0x20 && b != '"' && b != '\\';
    }

    /**
     * Whether any byte of {@code word} is a quote, a backslash, below 0x20 or above 0x7F. Exact for
     * "any": a byte that is none of these never makes it true (a borrow only carries past a byte
     * that already did).
     */
    private static boolean needsALook(long word) {
        return ((word & HIGH_BITS) | zeroByte(word ^ QUOTES) | zeroByte(word ^ BACKSLASHES)
                | (word - SPACES) & ~word & HIGH_BITS) != 0;
    }

    /** Non-zero exactly when some byte of {@code word} is zero. */
    private static long zeroByte(long word) {
        return (word - ONES) & ~word & HIGH_BITS;
    }
}
