package com.androperator.evidence.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The daemon's protocol as bin/lib/daemon.sh writes and reads it. */
class DaemonWireTest {

    private static ByteArrayInputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aCaptureRequestIsReadAsTheClientsPrintfWroteIt() throws IOException {
        DaemonWire.CaptureRequest request = DaemonWire.readCapture(bytes(
                "/usr/bin/java\0/opt/androperator/lib/androperator.jar\0/home/me\0" + "1\0" + "3\0evidence\0capture\0--label=Caf\u00e9 \uD83D\uDE00\0"
                        + "A=1\0MULTI=line\nline\0EMPTY=\0EQUALS=a=b\0\0i2\n"));

        assertThat(request.java()).isEqualTo("/usr/bin/java");
        assertThat(request.jar()).isEqualTo("/opt/androperator/lib/androperator.jar");
        assertThat(request.workingDirectory()).isEqualTo("/home/me");
        assertThat(request.errIsTerminal()).isTrue();
        assertThat(request.args()).containsExactly("evidence", "capture", "--label=Caf\u00e9 \uD83D\uDE00");
        assertThat(request.environment()).containsExactlyInAnyOrderEntriesOf(Map.of("A", "1", "MULTI", "line\nline", "EMPTY", "",
                "EQUALS", "a=b"));
    }

    @Test
    void aFieldOverTheCapOrARequestCutShortIsRefusedWithoutKeepingIt() {
        String huge = "a".repeat(DaemonWire.MAX_FIELD_BYTES + 1);
        assertThatThrownBy(() -> DaemonWire.readCapture(bytes(huge + "\0"))).isInstanceOf(IOException.class)
                .hasMessageContaining("over " + DaemonWire.MAX_FIELD_BYTES);
        assertThatThrownBy(() -> DaemonWire.readCapture(bytes("/usr/bin/java\0/a.jar\0/tmp\0" + "0\0" + "2\0evidence\0")))
                .isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> DaemonWire.readCapture(bytes("/usr/bin/java\0/a.jar\0/tmp\0" + "0\0" + "-1\0")))
                .isInstanceOf(IOException.class).hasMessage("-1 arguments (at most " + DaemonWire.MAX_FIELDS + ")");
        assertThatThrownBy(() -> DaemonWire.readLine(bytes("x".repeat(DaemonWire.MAX_LINE_BYTES + 1) + "\n")))
                .isInstanceOf(IOException.class);
    }

    @Test
    void outputBecomesWholeLinesAndPartsOfLinesForEachStream() throws IOException {
        ByteArrayOutputStream connection = new ByteArrayOutputStream();
        OutputStream out = DaemonWire.lines(connection, 'o');
        OutputStream err = DaemonWire.lines(connection, 'e');

        out.write("{\"ok\":true}\nsecond\n".getBytes(StandardCharsets.UTF_8));
        err.write("\rcapturing: 1.0 s".getBytes(StandardCharsets.UTF_8));
        err.write("\n".getBytes(StandardCharsets.UTF_8));
        out.write(new byte[0]);
        DaemonWire.control(connection, 'x', "130");

        assertThat(connection.toString(StandardCharsets.UTF_8))
                .isEqualTo("o{\"ok\":true}\nosecond\nE\rcapturing: 1.0 s\ne\nx130\n");
    }
}
