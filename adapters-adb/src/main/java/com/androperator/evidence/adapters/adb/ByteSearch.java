package com.androperator.evidence.adapters.adb;

import java.util.Arrays;

/**
 * Finds one marker in logcat lines' bytes. Every line of a window is searched for several markers
 * (result, chunk, logged hierarchy, command id) and most lines hold none: stepping over the line
 * by up to the marker's length (Horspool's rule, from a table made once per marker) reads a
 * fraction of the bytes that a test at every offset reads.
 */
final class ByteSearch {
    private final byte[] needle;
    /** For each byte value, how far the window moves when the byte under its end is that value. */
    private final int[] shifts = new int[256];

    ByteSearch(byte[] needle) {
        this.needle = needle.clone();
        Arrays.fill(shifts, Math.max(1, needle.length));
        for (int i = 0; i < needle.length - 1; i++) {
            shifts[needle[i] & 0xFF] = needle.length - 1 - i;
        }
    }

    /** The first offset in {@code [from, length)} of {@code haystack} where the needle starts, or -1. */
    int indexOf(byte[] haystack, int from, int length) {
        int last = needle.length - 1;
        if (last < 0) {
            return from <= length ? from : -1;
        }
        byte lastByte = needle[last];
        int at = from;
        while (at + last < length) {
            byte end = haystack[at + last];
            if (end == lastByte && matchesAt(haystack, at, last)) {
                return at;
            }
            at += shifts[end & 0xFF];
        }
        return -1;
    }

    private boolean matchesAt(byte[] haystack, int at, int length) {
        for (int i = 0; i < length; i++) {
            if (haystack[at + i] != needle[i]) {
                return false;
            }
        }
        return true;
    }
}
