package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResultSpoolTest {
    private static byte[] readBack(ResultSpool spool) throws Exception {
        byte[] all = new byte[(int) spool.size()];
        spool.read(0, all, 0, all.length);
        return all;
    }

    @Test
    void aSpoolMadeForAClaimedSizeHoldsMoreOrLessThanItAndSpillsPastItsLimitAsAnyOther() throws Exception {
        byte[] text = "0123456789abcdefghijklmnopqrstuvwxyz".getBytes(StandardCharsets.US_ASCII);
        for (long claimed : new long[] {0, 5, 36, 100, Long.MAX_VALUE, -1}) {
            try (ResultSpool spool = new ResultSpool(16, claimed)) {
                spool.append(text, 0, 10);
                assertThat(spool.spooledToDisk()).as("claimed %d", claimed).isFalse();
                spool.append(text, 10, 26);
                assertThat(spool.spooledToDisk()).as("past the 16-byte limit, claimed %d", claimed).isTrue();
                assertThat(readBack(spool)).isEqualTo(text);
            }
            try (ResultSpool spool = new ResultSpool(64, claimed)) {
                spool.append(text, 0, 20);
                spool.append(text, 20, 16);
                assertThat(spool.spooledToDisk()).isFalse();
                assertThat(readBack(spool)).isEqualTo(text);
            }
        }
    }
}
