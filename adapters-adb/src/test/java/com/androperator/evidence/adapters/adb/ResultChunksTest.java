package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The chunks' spool is handed over only when it is the line in index order, and is then its taker's to close. */
class ResultChunksTest {
    private static final String HASH = "ab".repeat(32);

    @Test
    void chunksInIndexOrderHandTheirSpoolOverAndNoLongerCloseIt() throws IOException {
        ResultChunks chunks = new ResultChunks(3, 9, HASH);
        chunks.store(0, bytes("abc"));
        chunks.store(1, bytes("def"));
        chunks.store(1, bytes("def")); // a repeat of the same data adds nothing
        chunks.store(2, bytes("ghi"));

        Optional<ResultSpool> spool = chunks.handOverInIndexOrder();
        chunks.close();

        assertThat(spool).isPresent();
        byte[] read = new byte[9];
        spool.get().read(0, read, 0, 9);
        assertThat(new String(read, StandardCharsets.US_ASCII)).isEqualTo("abcdefghi");
        spool.get().close();
        assertThatThrownBy(() -> spool.get().append(bytes("x"), 0, 1)).isInstanceOf(IOException.class);
    }

    @Test
    void chunksOutOfOrderKeepTheirSpool() throws IOException {
        ResultChunks chunks = new ResultChunks(3, 9, HASH);
        chunks.store(1, bytes("def"));
        chunks.store(0, bytes("abc"));
        chunks.store(2, bytes("ghi"));

        assertThat(chunks.handOverInIndexOrder()).isEmpty();
        assertThat(new String(chunks.inIndexOrder().readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo("abcdefghi");
        chunks.close();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
