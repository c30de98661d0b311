package com.androperator.evidence.adapters.media;

/** PNG chunk type codes (four ASCII letters as a big-endian int) and the fixed fields around chunk data. */
final class PngChunkType {
    /** The length, type and CRC fields around a chunk's data. */
    static final int OVERHEAD = 12;
    static final int IHDR = typeCode("IHDR");
    static final int PLTE = typeCode("PLTE");
    static final int IDAT = typeCode("IDAT");
    static final int IEND = typeCode("IEND");

    private PngChunkType() {
    }

    private static int typeCode(String letters) {
        return (letters.charAt(0) << 24) | (letters.charAt(1) << 16) | (letters.charAt(2) << 8) | letters.charAt(3);
    }

    static boolean isValidType(int type) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            int letter = (type >>> shift) & 0xFF;
            if (!(letter >= 'A' && letter <= 'Z') && !(letter >= 'a' && letter <= 'z')) {
                return false;
            }
        }
        return true;
    }

    /** Only called for types that passed {@link #isValidType}, so the four bytes are letters. */
    static String typeName(int type) {
        return new String(new char[] {
            (char) (type >>> 24), (char) ((type >>> 16) & 0xFF), (char) ((type >>> 8) & 0xFF), (char) (type & 0xFF)
        });
    }
}
