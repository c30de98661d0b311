package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.RawJson;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The exact bytes of a device document that {@link DeviceJson} has read and accepted, as a
 * {@link RawJson} for captures.json: either copied out of the line they arrived in, or kept in the
 * spool the reassembled line was read through. The white space around the value is left out.
 */
final class CheckedJson extends RawJson {
    /** The value's range of the spool (the same range a long string would be). */
    private final SpooledString bytes;

    private CheckedJson(SpooledString bytes) {
        this.bytes = bytes;
    }

    /** Bytes {@code [from, to)} of a line, the document's white space around them dropped, copied. */
    static RawJson copied(byte[] line, int from, int to) {
        int start = from;
        int end = to;
        while (start < end && whiteSpace(line[start])) {
            start++;
        }
        while (end > start && whiteSpace(line[end - 1])) {
            end--;
        }
        return RawJson.of(Arrays.copyOfRange(line, start, end));
    }

    /**
     * Bytes {@code from} to the end of {@code spool} (which must stay open while the value is read),
     * the white space around them dropped.
     */
    static RawJson spooled(ResultSpool spool, long from) throws IOException {
        byte[] one = new byte[1];
        long start = from;
        long end = spool.size();
        while (start < end && whiteSpaceAt(spool, start, one)) {
            start++;
        }
        while (end > start && whiteSpaceAt(spool, end - 1, one)) {
            end--;
        }
        return new CheckedJson(new SpooledString(spool, start, end - start));
    }

    @Override
    public long utf8Length() {
        return bytes.utf8Length();
    }

    @Override
    public InputStream openUtf8() {
        return bytes.openUtf8();
    }

    private static boolean whiteSpaceAt(ResultSpool spool, long position, byte[] one) throws IOException {
        spool.read(position, one, 0, 1);
        return whiteSpace(one[0]);
    }

    /** JSON's insignificant white space (RFC 8259 §2). */
    static boolean whiteSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }
}
