package com.androperator.evidence.adapters.media;

/** PNG stores every multi-byte integer in network byte order. */
final class BigEndian {

    private BigEndian() {
    }

    static int readInt(byte[] bytes, int offset) {
        return ((bytes[offset] & 0xFF) << 24)
                | ((bytes[offset + 1] & 0xFF) << 16)
                | ((bytes[offset + 2] & 0xFF) << 8)
                | (bytes[offset + 3] & 0xFF);
    }

    static long readUnsigned32(byte[] bytes, int offset) {
        return readInt(bytes, offset) & 0xFFFF_FFFFL;
    }
}
