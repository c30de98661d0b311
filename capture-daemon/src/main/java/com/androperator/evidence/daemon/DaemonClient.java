package com.androperator.evidence.daemon;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/** {@code androperator daemon status|stop}: the requests the CLI's daemon commands make of this install's daemon. */
public final class DaemonClient {
    /** The variable that sets the daemon's idle time, in seconds. */
    public static final String IDLE_VARIABLE = DaemonFiles.IDLE_VARIABLE;
    public static final int DEFAULT_IDLE_SECONDS = DaemonFiles.DEFAULT_IDLE_SECONDS;

    private DaemonClient() {
    }

    /** What the CLI may ask of the daemon, as the wire names it. */
    public enum Request {
        /** {@code daemon status}: its pid, port and captures served. */
        STATUS("status"),
        /** {@code daemon stop}: stop once the captures in flight have finished. */
        STOP("stop");

        private final String kind;

        Request(String kind) {
            this.kind = kind;
        }
    }

    /**
     * Asks the daemon of this install (the port file bin/androperator names): prints its answer and
     * returns its status, 0; or says that none runs and returns 1.
     */
    public static int ask(Request request, PrintStream out, PrintStream err) {
        Optional<DaemonFiles> files = DaemonFiles.fromLauncher();
        if (files.isEmpty()) {
            err.println("androperator: the capture daemon is bin/androperator's; run this command through it");
            return 1;
        }
        Optional<List<String>> published = files.get().read();
        if (published.isEmpty()) {
            out.println("no capture daemon runs for this install (no " + files.get().portFile() + ")");
            return 1;
        }
        try (Socket socket = new Socket(DaemonWire.LOOPBACK, Integer.parseInt(published.get().get(0)))) {
            socket.setSoTimeout(10_000);
            OutputStream question = socket.getOutputStream();
            InputStream answer = socket.getInputStream();
            DaemonWire.line(question, DaemonWire.GREETING + " " + published.get().get(1));
            if (!DaemonWire.readLine(answer).equals("ok " + published.get().get(2))) {
                err.println("androperator: the process on port " + published.get().get(0)
                        + " is not this install's capture daemon");
                return 1;
            }
            question.write((request.kind + "\0").getBytes(StandardCharsets.UTF_8));
            question.flush();
            while (true) {
                String line = DaemonWire.readLine(answer, DaemonWire.MAX_FIELD_BYTES);
                if (line.startsWith("x")) {
                    return Integer.parseInt(line.substring(1));
                }
                out.println(line.substring(1));
            }
        } catch (IOException | NumberFormatException gone) {
            out.println("no capture daemon runs for this install (" + files.get().portFile() + " names a port "
                    + "where none answers: " + gone.getMessage() + ")");
            return 1;
        }
    }
}
