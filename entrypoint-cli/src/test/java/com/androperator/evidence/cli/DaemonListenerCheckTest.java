package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * bin/lib/daemon.sh's daemon_listener, which every daemon capture runs before it connects: it reads
 * /proc/net/tcp and tcp6 in a few large reads, not a read (and an lseek) per row, for which the
 * kernel walks its socket tables again each time and which cost every capture about a second on a
 * machine with a few hundred sockets. Counted in read system calls (/proc/PID/io), not in time.
 */
class DaemonListenerCheckTest {
    private static final Path DAEMON_SH = Path.of("").toAbsolutePath().getParent().resolve("bin/lib/daemon.sh");
    private static final Path IO = Path.of("/proc/self/io");
    /** Enough listeners that the tables hold hundreds of rows on any machine. */
    private static final int LISTENERS = 200;
    private static final String SCRIPT = ". \"$1\"; mapfile -t before </proc/$$/io; daemon_listener \"$2\";"
            + " mapfile -t after </proc/$$/io;"
            + " for line in \"${before[@]}\"; do case $line in syscr:*) reads=${line#syscr: } ;; esac; done;"
            + " for line in \"${after[@]}\"; do case $line in syscr:*) reads=$((${line#syscr: } - reads)) ;; esac; done;"
            + " echo \"$daemon_listener_state $reads\"";

    private final List<ServerSocket> listeners = new ArrayList<>();

    @BeforeEach
    void listen() throws IOException {
        Assumptions.assumeTrue(Files.isReadable(IO) && Files.isReadable(Path.of("/proc/net/tcp")), "Linux with I/O accounting");
        for (int i = 0; i < LISTENERS; i++) {
            listeners.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
        }
    }

    @AfterEach
    void close() throws IOException {
        for (ServerSocket listener : listeners) {
            listener.close();
        }
    }

    @Test
    void findsAListenerOfThisUserWithFewerReadsThanAQuarterOfTheTablesRows() throws Exception {
        int rows = tableRows();
        String[] answer = listenerCheck(listeners.get(LISTENERS / 2).getLocalPort());

        assertThat(answer[0]).isEqualTo("mine");
        assertThat(Integer.parseInt(answer[1])).as("read calls for %d rows", rows).isLessThan(rows / 4);
    }

    @Test
    void readsBothWholeTablesForAPortNoOneListensOnWithFewerReadsThanAQuarterOfTheirRows() throws Exception {
        int port;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = gone.getLocalPort();
        }
        int rows = tableRows();
        String[] answer = listenerCheck(port);

        assertThat(answer[0]).isEqualTo("none");
        assertThat(Integer.parseInt(answer[1])).as("read calls for %d rows", rows).isLessThan(rows / 4);
    }

    private static int tableRows() throws IOException {
        int rows = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (Files.isReadable(path)) {
                rows += Files.readAllLines(path, StandardCharsets.US_ASCII).size();
            }
        }
        return rows;
    }

    /** daemon_listener PORT in a bash of its own: its state and the read calls it made. */
    private static String[] listenerCheck(int port) throws Exception {
        Process bash = new ProcessBuilder("bash", "-c", SCRIPT, "bash", DAEMON_SH.toString(), Integer.toString(port))
                .redirectErrorStream(true).start();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(bash.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(bash.exitValue()).as(out).isZero();
        String[] answer = out.split(" ");
        assertThat(answer).as(out).hasSize(2);
        return answer;
    }
}
