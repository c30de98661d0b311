package com.androperator.evidence.simulator.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShellV2FramesTest {

    @Test
    void frameIsIdLengthLittleEndianAndData() {
        assertThat(ShellV2Frames.encode(ShellV2Frames.STDOUT, "hi\n".getBytes()))
                .containsExactly(1, 3, 0, 0, 0, 'h', 'i', '\n');
        assertThat(ShellV2Frames.exitFrame(3)).containsExactly(3, 1, 0, 0, 0, 3);
        assertThat(ShellV2Frames.exitFrame(256 + 7)).endsWith(7);
    }

    @Test
    void largeOutputIsSplitIntoFramesOfAtMost64KiB() {
        byte[] data = new byte[200_000];
        Arrays.fill(data, (byte) 'x');

        List<ShellV2Frames.Frame> frames = ShellV2Frames.decode(
                ShellV2Frames.encode(ShellV2Frames.STDOUT, data));

        assertThat(frames).hasSize(4).allSatisfy(frame -> {
            assertThat(frame.id()).isEqualTo(ShellV2Frames.STDOUT);
            assertThat(frame.data().length + ShellV2Frames.HEADER_BYTES).isLessThanOrEqualTo(65_536);
        });
        assertThat(frames.stream().mapToInt(f -> f.data().length).sum()).isEqualTo(200_000);
    }

    @Test
    void outputKeepsStreamsApartAndEndsWithTheExitFrame() {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        ShellV2Output output = new ShellV2Output(wire::writeBytes);

        output.stdout("out");
        output.stderr("err");
        output.stdout(new byte[0]);
        output.exit(1);
        output.exit(2);

        assertThat(ShellV2Frames.decode(wire.toByteArray())).containsExactly(
                new ShellV2Frames.Frame(1, "out".getBytes()),
                new ShellV2Frames.Frame(2, "err".getBytes()),
                new ShellV2Frames.Frame(3, new byte[] {1}));
    }

    @Test
    void mergedOutputInterleavesStderrAndDropsTheStatus() {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        MergedOutput output = new MergedOutput(wire::writeBytes);

        output.stdout("a");
        output.stderr("b");
        output.exit(4);

        assertThat(wire.toString()).isEqualTo("ab");
    }

    @Test
    void truncatedFramesAreDetected() {
        byte[] wire = ShellV2Frames.encode(ShellV2Frames.STDOUT, new byte[10]);

        assertThatThrownBy(() -> ShellV2Frames.decode(Arrays.copyOf(wire, 12)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ShellV2Frames.decode(Arrays.copyOf(wire, 3)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
