package com.androperator.evidence.simulator.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class AdbMessageCodecTest {

    @Test
    void headerIsLittleEndianWithMagicAndByteSum() {
        AdbMessage open = AdbMessage.of(AdbCommand.OPEN, 7, 0, "shell:id\0");

        byte[] header = AdbMessageCodec.encodeHeader(open, true);

        ByteBuffer fields = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(header).hasSize(24);
        assertThat(Arrays.copyOf(header, 4)).asString().isEqualTo("OPEN");
        assertThat(fields.getInt(0)).isEqualTo(AdbCommand.OPEN);
        assertThat(fields.getInt(4)).isEqualTo(7);
        assertThat(fields.getInt(8)).isZero();
        assertThat(fields.getInt(12)).isEqualTo(9);
        int expectedSum = 0;
        for (byte b : "shell:id\0".getBytes()) {
            expectedSum += b & 0xff;
        }
        assertThat(fields.getInt(16)).isEqualTo(expectedSum);
        assertThat(fields.getInt(20)).isEqualTo(AdbCommand.OPEN ^ 0xffffffff);
    }

    @Test
    void checksumIsZeroWhenSkipped() {
        byte[] header = AdbMessageCodec.encodeHeader(AdbMessage.of(AdbCommand.WRTE, 1, 2, "x"),
                false);

        assertThat(ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt(16)).isZero();
    }

    @Test
    void checksumCountsBytesAsUnsigned() {
        assertThat(AdbMessageCodec.checksum(new byte[] {(byte) 0xff, (byte) 0x80, 1}))
                .isEqualTo(0xff + 0x80 + 1);
    }

    @Test
    void encodedMessagesReadBack() throws IOException {
        AdbMessage first = AdbMessage.of(AdbCommand.CNXN, 0x01000000, 4096, "host::\0");
        AdbMessage second = new AdbMessage(AdbCommand.WRTE, 3, 4, new byte[] {0, (byte) 200, 7});
        byte[] wire = concat(AdbMessageCodec.encode(first, true), AdbMessageCodec.encode(second, true));
        ByteArrayInputStream in = new ByteArrayInputStream(wire);

        assertThat(AdbMessageCodec.read(in, 4096, true)).isEqualTo(first);
        assertThat(AdbMessageCodec.read(in, 4096, true)).isEqualTo(second);
        assertThat(AdbMessageCodec.read(in, 4096, true)).isNull();
    }

    @Test
    void badMagicIsAProtocolError() {
        byte[] wire = AdbMessageCodec.encode(AdbMessage.of(AdbCommand.OKAY, 1, 2), false);
        wire[20] ^= 1;

        assertThatThrownBy(() -> AdbMessageCodec.read(new ByteArrayInputStream(wire), 4096, false))
                .isInstanceOf(AdbProtocolException.class).hasMessageContaining("magic");
    }

    @Test
    void checksumMismatchIsRejectedOnlyWhenVerified() throws IOException {
        byte[] wire = AdbMessageCodec.encode(AdbMessage.of(AdbCommand.WRTE, 1, 2, "abc"), true);
        wire[16] ^= 1;

        assertThatThrownBy(() -> AdbMessageCodec.read(new ByteArrayInputStream(wire), 4096, true))
                .isInstanceOf(AdbProtocolException.class).hasMessageContaining("data_check");
        assertThat(AdbMessageCodec.read(new ByteArrayInputStream(wire), 4096, false).payloadText())
                .isEqualTo("abc");
    }

    @Test
    void oversizedPayloadIsRejectedBeforeAllocation() {
        byte[] wire = AdbMessageCodec.encodeHeader(
                new AdbMessage(AdbCommand.WRTE, 1, 2, new byte[5000]), false);

        assertThatThrownBy(() -> AdbMessageCodec.read(new ByteArrayInputStream(wire), 4096, false))
                .isInstanceOf(AdbProtocolException.class).hasMessageContaining("exceeds 4096");
    }

    @Test
    void streamEndingInsideAMessageIsAnError() {
        byte[] wire = AdbMessageCodec.encode(AdbMessage.of(AdbCommand.WRTE, 1, 2, "abcdef"), false);
        byte[] cut = Arrays.copyOf(wire, wire.length - 2);

        assertThatThrownBy(() -> AdbMessageCodec.read(new ByteArrayInputStream(cut), 4096, false))
                .isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> AdbMessageCodec.read(
                new ByteArrayInputStream(Arrays.copyOf(wire, 10)), 4096, false))
                .isInstanceOf(EOFException.class);
    }

    @Test
    void payloadTextDropsTrailingNuls() {
        assertThat(AdbMessage.of(AdbCommand.OPEN, 1, 0, "exec:id\0\0").payloadText())
                .isEqualTo("exec:id");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
