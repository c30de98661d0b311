package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.StreamedString;
import java.io.InputStream;

/** A long string of a device document (a JSON string or a logged hierarchy), kept as UTF-8 in its spool. */
final class SpooledString extends StreamedString {
    private final ResultSpool spool;
    private final long offset;
    private final long length;

    SpooledString(ResultSpool spool, long offset, long length) {
        this.spool = spool;
        this.offset = offset;
        this.length = length;
    }

    @Override
    public long utf8Length() {
        return length;
    }

    @Override
    public InputStream openUtf8() {
        return spool.open(offset, length);
    }
}
