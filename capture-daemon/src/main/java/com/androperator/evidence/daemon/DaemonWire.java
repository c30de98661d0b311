package com.androperator.evidence.daemon;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capture daemon's protocol, spoken by bash ({@code bin/lib/daemon.sh}, through
 * {@code /dev/tcp}) as well as by Java ({@link DaemonClient}), so it is made of text lines
 * and NUL-terminated fields.
 *
 * <pre>
 * client: APD2 &lt;client token&gt;\n          daemon: ok &lt;daemon token&gt;\n   (else it closes)
 * client: kind\0 ...fields\0               kind status or stop: nothing more;
 *         capture: java\0 jar\0 cwd\0 tty\0 argc\0 arg\0... NAME=value\0... \0
 * client: i2\n or i15\n                    a SIGINT or SIGTERM the client received
 * daemon: o&lt;text&gt;\n  O&lt;text&gt;\n             stdout: a line / a part of one (no newline after it)
 *         e&lt;text&gt;\n  E&lt;text&gt;\n             stderr, likewise
 *         r&lt;why&gt;\n                          not served: the client runs the capture itself
 *         a\n                               accepted: the capture runs here (the client must not run it again)
 *         x&lt;status&gt;\n                       the exit status; the last line
 * </pre>
 *
 * Each token is in the daemon's port file, which only its user can read: the client proves it
 * may ask, and the daemon proves it is the one that wrote the file (a process that took the port
 * of a daemon that died cannot), before the client sends its environment. Every length is capped
 * before it is kept, so a broken or hostile peer costs bounded memory.
 */
public final class DaemonWire {
    static final String GREETING = "APD2";
    /** 127.0.0.1 always: {@code InetAddress.getLoopbackAddress()} is ::1 when IPv6 is preferred, and the client dials 127.0.0.1. */
    static final java.net.InetAddress LOOPBACK = loopback();
    /** Linux takes at most 128 KiB in one argument and 2 MiB of arguments and environment in all. */
    public static final int MAX_FIELD_BYTES = 256 << 10;
    static final int MAX_FIELDS = 20_000;
    static final int MAX_REQUEST_BYTES = 4 << 20;
    static final int MAX_LINE_BYTES = 256;

    private DaemonWire() {
    }

    private static java.net.InetAddress loopback() {
        try {
            return java.net.InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
        } catch (java.net.UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** A capture request as the daemon receives it. */
    record CaptureRequest(String java, String jar, String workingDirectory, boolean errIsTerminal, List<String> args,
            Map<String, String> environment) {
    }

    /** One line of at most {@link #MAX_LINE_BYTES}, without its newline; throws at its end or past the cap. */
    public static String readLine(InputStream in) throws IOException {
        return readLine(in, MAX_LINE_BYTES);
    }

    /** One line of at most {@code max} bytes, without its newline. */
    static String readLine(InputStream in, int max) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the peer ended the line");
            }
            if (b == '\n') {
                return line.toString(StandardCharsets.UTF_8);
            }
            if (line.size() >= max) {
                throw new IOException("a line longer than " + max + " bytes");
            }
            line.write(b);
        }
    }

    /** Reads the rest of a capture request, after its kind. */
    static CaptureRequest readCapture(InputStream in) throws IOException {
        long[] budget = {MAX_REQUEST_BYTES};
        String java = field(in, budget);
        String jar = field(in, budget);
        String cwd = field(in, budget);
        boolean tty = field(in, budget).equals("1");
        int argc;
        try {
            argc = Integer.parseInt(field(in, budget));
        } catch (NumberFormatException e) {
            throw new IOException("the argument count is not a number");
        }
        if (argc < 0 || argc > MAX_FIELDS) {
            throw new IOException(argc + " arguments (at most " + MAX_FIELDS + ")");
        }
        List<String> args = new ArrayList<>(argc);
        for (int i = 0; i < argc; i++) {
            args.add(field(in, budget));
        }
        Map<String, String> environment = new LinkedHashMap<>();
        for (int i = 0; ; i++) {
            String variable = field(in, budget);
            if (variable.isEmpty()) {
                break;
            }
            if (i >= MAX_FIELDS) {
                throw new IOException("more than " + MAX_FIELDS + " environment variables");
            }
            int equals = variable.indexOf('=');
            if (equals > 0) {
                environment.put(variable.substring(0, equals), variable.substring(equals + 1));
            }
        }
        return new CaptureRequest(java, jar, cwd, tty, List.copyOf(args), environment);
    }

    /** One NUL-terminated field, decoded as UTF-8 (as the JVM decodes its arguments in a UTF-8 locale). */
    static String field(InputStream in, long[] budget) throws IOException {
        ByteArrayOutputStream field = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("the request ended inside a field");
            }
            if (b == 0) {
                return field.toString(StandardCharsets.UTF_8);
            }
            if (field.size() >= MAX_FIELD_BYTES || --budget[0] < 0) {
                throw new IOException("a field over " + MAX_FIELD_BYTES + " bytes or a request over "
                        + MAX_REQUEST_BYTES);
            }
            field.write(b);
        }
    }

    /**
     * One of the command's streams as lines on the connection: {@code o}/{@code e} before a
     * complete line, {@code O}/{@code E} before a part of one that the command wrote without its
     * newline yet (a progress line redrawn in place). Writes of the two streams never interleave.
     */
    static OutputStream lines(OutputStream connection, char stream) {
        byte whole = (byte) stream;
        byte part = (byte) Character.toUpperCase(stream);
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                synchronized (connection) {
                    int start = offset;
                    int end = offset + length;
                    for (int i = offset; i < end; i++) {
                        if (bytes[i] == '\n') {
                            connection.write(whole);
                            connection.write(bytes, start, i - start + 1);
                            start = i + 1;
                        }
                    }
                    if (start < end) {
                        connection.write(part);
                        connection.write(bytes, start, end - start);
                        connection.write('\n');
                    }
                    connection.flush();
                }
            }
        };
    }

    /** Writes a control line ({@code x0}, {@code r<why>}) and flushes. */
    static void control(OutputStream connection, char kind, String text) throws IOException {
        line(connection, kind + text);
    }

    /** Writes one line (a newline inside it becomes a space) and flushes. */
    static void line(OutputStream connection, String text) throws IOException {
        synchronized (connection) {
            connection.write((text.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8));
            connection.flush();
        }
    }

    /** Reads and drops what the peer still sends, at most 64 MiB and 2 s between reads. */
    static void drain(Socket connection, InputStream in) {
        try {
            connection.setSoTimeout(2_000);
            byte[] sink = new byte[64 * 1024];
            long left = 64L << 20;
            for (int read = in.read(sink); read >= 0 && left > 0; read = in.read(sink)) {
                left -= read;
            }
        } catch (IOException ended) {
            // The peer is gone or silent: the connection is closed either way.
        }
    }

    static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // Closing is all that was asked.
        }
    }
}
