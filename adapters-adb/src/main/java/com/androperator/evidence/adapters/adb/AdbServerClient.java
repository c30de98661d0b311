package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.Failure;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Our own client of the adb server's socket protocol (see device-protocol.md §1). Every request
 * uses a fresh connection: {@code 4 lowercase hex digits of the length + request}, answered by
 * {@code OKAY} or {@code FAIL + 4 hex + reason}. Every call is bounded by a {@link Deadline}
 * (connect timeout and SO_TIMEOUT come from the remaining time; reading stops at the deadline) and
 * a byte cap, can be cancelled from another thread, and returns a {@link StreamResult} instead of
 * throwing. The client holds no connection state, so one instance serves concurrent callers.
 */
public final class AdbServerClient {
    /** How much of a shell v2 stderr stream is kept (its tail). */
    public static final int STDERR_TAIL_BYTES = 64 * 1024;
    /** Largest shell v2 frame accepted; adbd sends frames of a few KiB, a larger length is garbage. */
    static final int MAX_SHELL_V2_FRAME = 16 * 1024 * 1024;
    private static final int READ_BUFFER = 64 * 1024;
    private static final int MAX_REQUEST_BYTES = 0xFFFF;
    private static final String INSTALL_HINT = "install Android platform-tools / Debian: apt-get install -y adb,"
            + " or set ADB_SERVER_SOCKET=tcp:HOST:PORT to use a running server";

    /** How a device service carries its output. */
    public enum ServiceKind {
        /** {@code exec:} raw and binary-clean, stderr merged, no exit status: for screencap. */
        EXEC("exec:"),
        /** Legacy {@code shell:}: stderr merged, no exit status, possibly through a PTY (CRLF). */
        SHELL("shell:"),
        /** {@code shell,v2,raw:}: framed stdout/stderr/exit; only when the device lists shell_v2. */
        SHELL_V2("shell,v2,raw:");

        private final String prefix;

        ServiceKind(String prefix) {
            this.prefix = prefix;
        }

        public String prefix() {
            return prefix;
        }
    }

    /** Whether an adb server answers. */
    public sealed interface ServerCheck {
        /** A server answered {@code host:version}; {@code version} is its protocol version. */
        record Running(AdbServerAddress address, int version, boolean startedNow) implements ServerCheck {
        }

        /**
         * No server can be used: ADB_NOT_FOUND (none answers and adb is not on PATH to start one),
         * ADB_UNAVAILABLE (one that cannot be used), or COMMAND_TIMEOUT when the deadline passed first.
         */
        record Unavailable(Failure failure) implements ServerCheck {
        }
    }

    private final Map<String, String> environment;
    private final AdbServerAddress.Resolution resolution;

    /**
     * @param environment the process environment to honour (ADB_SERVER_SOCKET,
     *                    ANDROID_ADB_SERVER_PORT, PATH for finding adb, and everything else passed
     *                    through to {@code adb start-server}); tests pass a private one
     */
    public AdbServerClient(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        this.resolution = AdbServerAddress.fromEnvironment(this.environment);
    }

    /** The server address, or empty when the environment names an invalid one. */
    public Optional<AdbServerAddress> address() {
        return resolution instanceof AdbServerAddress.Resolution.Resolved resolved
                ? Optional.of(resolved.address()) : Optional.empty();
    }

    /** The {@code adb} executable found on the environment's PATH, if any. */
    public Optional<Path> adbOnPath() {
        String path = environment.getOrDefault("PATH", "");
        for (String directory : path.split(File.pathSeparator)) {
            if (directory.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(directory, "adb");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * Makes sure a server answers. When nothing listens on a local address, runs
     * {@code adb start-server} (adb from PATH, this client's environment passed through) once;
     * a remote {@code ADB_SERVER_SOCKET} server is never started.
     */
    public ServerCheck ensureServer(Deadline deadline) {
        if (resolution instanceof AdbServerAddress.Resolution.Invalid invalid) {
            return unavailable(ErrorCodes.ADB_UNAVAILABLE, invalid.message() + "; " + INSTALL_HINT);
        }
        AdbServerAddress address = address().orElseThrow();
        StreamResult version = hostQuery("host:version", deadline);
        if (version.outcome() != StreamResult.Outcome.SERVER_UNREACHABLE) {
            return checked(address, version, false);
        }
        if (!address.local()) {
            return unavailable(ErrorCodes.ADB_UNAVAILABLE, "no adb server answers at " + address
                    + " (from ADB_SERVER_SOCKET); a remote server is never started from here: "
                    + version.detail());
        }
        Optional<Path> adb = adbOnPath();
        if (adb.isEmpty()) {
            return unavailable(ErrorCodes.ADB_NOT_FOUND, "no adb server answers at " + address
                    + " and adb is not on PATH to start one; " + INSTALL_HINT);
        }
        Optional<Failure> startFailure = startServer(adb.get(), address, deadline);
        if (startFailure.isPresent()) {
            return new ServerCheck.Unavailable(startFailure.get());
        }
        return checked(address, hostQuery("host:version", deadline), true);
    }

    /**
     * A host query ({@code host:version}, {@code host:devices-l}, {@code host-serial:S:get-state},
     * {@code host-serial:S:features}, {@code host:connect:S}): {@code OKAY} + 4 hex length +
     * payload, which is the result's stdout. {@code host:connect} answers OKAY even when the
     * connect failed: the payload says so. The protocol's 4-hex length caps a payload at 65535
     * bytes, so no further cap is needed.
     */
    public StreamResult hostQuery(String request, Deadline deadline) {
        return new Exchange(deadline, null).hostQuery(request);
    }

    /**
     * {@code host:connect:HOST:PORT}. The server answers OKAY whether or not the connect worked;
     * {@link #connectSucceeded(StreamResult)} reads the text that says which.
     */
    public StreamResult connect(String hostAndPort, Deadline deadline) {
        return hostQuery("host:connect:" + hostAndPort, deadline);
    }

    /** True when a {@link #connect} answer says the device is (or already was) connected. */
    public static boolean connectSucceeded(StreamResult answer) {
        String text = answer.stdoutText().strip();
        return answer.completed() && (text.startsWith("connected to") || text.startsWith("already connected to"));
    }

    /** {@code host-serial:S:get-state}: the payload is the state ({@code device}, {@code offline}, ...). */
    public StreamResult state(String serial, Deadline deadline) {
        return hostQuery("host-serial:" + serial + ":get-state", deadline);
    }

    /** Runs a device service to its end and keeps its stdout (at most {@code cap} bytes). */
    public StreamResult run(String serial, ServiceKind kind, String command, Deadline deadline, long cap,
                            AdbCancellation cancellation) {
        return new Exchange(deadline, cancellation).deviceService(serial, kind, command, cap, null);
    }

    /**
     * Runs a device service and hands its stdout to {@code listener} as it arrives instead of
     * keeping it; {@code cap} bounds the bytes read in total.
     */
    public StreamResult stream(String serial, ServiceKind kind, String command, Deadline deadline, long cap,
                               AdbCancellation cancellation, OutputListener listener) {
        return new Exchange(deadline, cancellation).deviceService(serial, kind, command, cap, listener);
    }

    public StreamResult exec(String serial, String command, Deadline deadline, long cap, AdbCancellation cancellation) {
        return run(serial, ServiceKind.EXEC, command, deadline, cap, cancellation);
    }

    public StreamResult shell(String serial, String command, Deadline deadline, long cap, AdbCancellation cancellation) {
        return run(serial, ServiceKind.SHELL, command, deadline, cap, cancellation);
    }

    public StreamResult shellV2(String serial, String command, Deadline deadline, long cap,
                                AdbCancellation cancellation) {
        return run(serial, ServiceKind.SHELL_V2, command, deadline, cap, cancellation);
    }

    private ServerCheck checked(AdbServerAddress address, StreamResult version, boolean startedNow) {
        return switch (version.outcome()) {
            case COMPLETED -> new ServerCheck.Running(address, parseVersion(version.stdoutText()), startedNow);
            // A server that refuses host:version is still a server speaking the protocol.
            case FAIL -> new ServerCheck.Running(address, -1, startedNow);
            case DEADLINE -> unavailable(ErrorCodes.COMMAND_TIMEOUT, "the adb server at " + address
                    + " did not answer host:version before the deadline");
            default -> unavailable(ErrorCodes.ADB_UNAVAILABLE, "the adb server at " + address
                    + " cannot be used: " + version.describe() + "; " + INSTALL_HINT);
        };
    }

    private Optional<Failure> startServer(Path adb, AdbServerAddress address, Deadline deadline) {
        Path log = null;
        try {
            log = Files.createTempFile("adb-start-server", ".log");
            ProcessBuilder builder = new ProcessBuilder(List.of(adb.toString(), "start-server"));
            builder.environment().clear();
            builder.environment().putAll(environment);
            // The daemon adb forks inherits the child's output: a file, never a pipe we would block on.
            builder.redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            if (deadline.cancelled()) {
                return Optional.of(Failure.of(ErrorCodes.COMMAND_CANCELLED, "cancelled before " + adb
                        + " start-server was run"));
            }
            Process process = builder.start();
            boolean finished;
            // A cancellation ends the wait at once: the launcher is stopped (the server it forks lives on).
            try (Cancellation.Registration stop = deadline.cancellation().onCancel(process::destroy)) {
                finished = process.waitFor(Math.max(1, deadline.remainingMillis()), TimeUnit.MILLISECONDS);
            }
            if (deadline.cancelled()) {
                return Optional.of(Failure.of(ErrorCodes.COMMAND_CANCELLED, adb + " start-server was cancelled"));
            }
            if (!finished) {
                process.destroy();
                return Optional.of(Failure.of(ErrorCodes.COMMAND_TIMEOUT, adb
                        + " start-server did not finish before the deadline (server address " + address + ")"));
            }
            String output = Text.abbreviate(Files.readString(log, StandardCharsets.UTF_8), 500);
            if (process.exitValue() != 0) {
                return Optional.of(Failure.of(ErrorCodes.ADB_UNAVAILABLE, adb + " start-server exited with status "
                        + process.exitValue() + " (server address " + address + "): " + output));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(Failure.of(ErrorCodes.ADB_UNAVAILABLE, "cannot run " + adb + " start-server: "
                    + e.getMessage() + "; " + INSTALL_HINT));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(Failure.of(ErrorCodes.ADB_UNAVAILABLE, "interrupted while starting the adb server"));
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // A leftover temp file is harmless.
                }
            }
        }
    }

    private static int parseVersion(String hex) {
        try {
            return Integer.parseInt(hex.strip(), 16);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static ServerCheck unavailable(String code, String message) {
        return new ServerCheck.Unavailable(Failure.of(code, message));
    }

    /** Unwinds a request with the outcome it ended with. */
    private static final class Stop extends Exception {
        private static final long serialVersionUID = 1L;
        private final StreamResult.Outcome outcome;
        private final String detail;

        Stop(StreamResult.Outcome outcome, String detail) {
            super(detail, null, false, false);
            this.outcome = outcome;
            this.detail = detail;
        }
    }

    /** One request on one socket; gathers what arrived so every ending can report it. */
    private final class Exchange {
        private final Deadline deadline;
        private final AdbCancellation cancellation;
        private Cancellation.Registration deadlineCancellation;
        private final long startNanos;
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        private long received;
        private boolean serviceOpened;
        private boolean serviceRequested;
        private Integer exitStatus;
        private Socket socket;
        private InputStream in;
        private OutputStream out;

        Exchange(Deadline deadline, AdbCancellation cancellation) {
            this.deadline = deadline;
            this.cancellation = cancellation;
            this.startNanos = deadline.clock().nanoTime();
        }

        StreamResult hostQuery(String request) {
            try {
                connect();
                send(request);
                expectOkay(request);
                int length = readHexLength("the payload length of " + request);
                byte[] payload = readExactly(length, "the payload of " + request);
                kept.write(payload, 0, payload.length);
                received = payload.length;
                return finish(StreamResult.Outcome.COMPLETED, null, true);
            } catch (Stop stop) {
                return finish(stop.outcome, stop.detail, false);
            } finally {
                close();
            }
        }

        StreamResult deviceService(String serial, ServiceKind kind, String command, long cap, OutputListener listener) {
            try {
                connect();
                String transport = "host:transport:" + serial;
                send(transport);
                expectOkay(transport);
                String service = kind.prefix() + command;
                send(service);
                serviceRequested = true;
                expectOkay(service);
                serviceOpened = true;
                if (kind == ServiceKind.SHELL_V2) {
                    readShellV2(cap, listener);
                } else {
                    readRaw(cap, listener);
                }
                return finish(StreamResult.Outcome.COMPLETED, null, true);
            } catch (Stop stop) {
                return finish(stop.outcome, stop.detail, false);
            } finally {
                close();
            }
        }

        private void connect() throws Stop {
            if (resolution instanceof AdbServerAddress.Resolution.Invalid invalid) {
                throw new Stop(StreamResult.Outcome.SERVER_UNREACHABLE, invalid.message());
            }
            AdbServerAddress address = address().orElseThrow();
            checkDeadline();
            Socket fresh = new Socket();
            if (cancellation != null && !cancellation.attach(fresh)) {
                throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled before connecting");
            }
            socket = fresh;
            // The deadline's cancellation closes this socket at once, so a blocked read returns now.
            deadlineCancellation = deadline.cancellation().onCancel(() -> closeQuietly(fresh));
            if (deadline.cancelled()) {
                throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled before connecting");
            }
            try {
                socket.connect(new InetSocketAddress(address.host(), address.port()), timeoutMillis());
                socket.setTcpNoDelay(true);
                in = socket.getInputStream();
                out = socket.getOutputStream();
            } catch (ConnectException | NoRouteToHostException | UnknownHostException e) {
                throw new Stop(StreamResult.Outcome.SERVER_UNREACHABLE, "nothing accepts connections at "
                        + address + " (" + address.source() + "): " + e.getMessage());
            } catch (SocketTimeoutException e) {
                throw deadline.expired() ? new Stop(StreamResult.Outcome.DEADLINE, "connecting to " + address)
                        : new Stop(StreamResult.Outcome.SERVER_UNREACHABLE, "connecting to " + address + " timed out");
            } catch (IOException e) {
                throw ioFailure(e, "connecting to " + address);
            }
        }

        private void send(String request) throws Stop {
            byte[] body = request.getBytes(StandardCharsets.UTF_8);
            if (body.length > MAX_REQUEST_BYTES) {
                throw new Stop(StreamResult.Outcome.IO_ERROR, "a request of " + body.length
                        + " bytes is over the adb protocol's limit of " + MAX_REQUEST_BYTES);
            }
            byte[] frame = new byte[4 + body.length];
            System.arraycopy(String.format(Locale.ROOT, "%04x", body.length).getBytes(StandardCharsets.US_ASCII),
                    0, frame, 0, 4);
            System.arraycopy(body, 0, frame, 4, body.length);
            try {
                out.write(frame);
                out.flush();
            } catch (IOException e) {
                throw ioFailure(e, "sending " + Text.abbreviate(request, 80));
            }
        }

        private void expectOkay(String request) throws Stop {
            String status = new String(readExactly(4, "the answer to " + Text.abbreviate(request, 80)),
                    StandardCharsets.US_ASCII);
            if (status.equals("OKAY")) {
                return;
            }
            if (status.equals("FAIL")) {
                int length = readHexLength("the FAIL reason length");
                String reason = new String(readExactly(length, "the FAIL reason"), StandardCharsets.UTF_8);
                throw new Stop(StreamResult.Outcome.FAIL, reason);
            }
            throw new Stop(StreamResult.Outcome.IO_ERROR, "the adb server answered '"
                    + Text.abbreviate(status, 8) + "' instead of OKAY or FAIL");
        }

        private int readHexLength(String what) throws Stop {
            String hex = new String(readExactly(4, what), StandardCharsets.US_ASCII);
            if (!hex.matches("[0-9a-fA-F]{4}")) {
                throw new Stop(StreamResult.Outcome.IO_ERROR, what + " is not 4 hex digits: '"
                        + Text.abbreviate(hex, 8) + "'");
            }
            return Integer.parseInt(hex, 16);
        }

        /** Exactly {@code length} bytes; an early end of stream is an I/O error (never data). */
        private byte[] readExactly(int length, String what) throws Stop {
            byte[] bytes = new byte[length];
            int filled = readUpTo(bytes, length);
            if (filled < length) {
                throw new Stop(StreamResult.Outcome.IO_ERROR, "the stream ended after " + filled + " of "
                        + length + " bytes of " + what);
            }
            return bytes;
        }

        /** Reads until {@code length} bytes or end of stream; returns how many arrived. */
        private int readUpTo(byte[] bytes, int length) throws Stop {
            int filled = 0;
            while (filled < length) {
                int n = readSome(bytes, filled, length - filled);
                if (n < 0) {
                    break;
                }
                filled += n;
            }
            return filled;
        }

        /** One read bounded by the deadline: the bytes read, or -1 at end of stream. */
        private int readSome(byte[] buffer, int offset, int length) throws Stop {
            while (true) {
                checkDeadline();
                try {
                    socket.setSoTimeout(timeoutMillis());
                    int n = in.read(buffer, offset, length);
                    if (n < 0 && deadline.cancelled()) {
                        // An end of stream seen after a cancellation may be the closed socket itself: never "complete".
                        throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled while reading");
                    }
                    return n;
                } catch (SocketTimeoutException e) {
                    // Loop: the deadline check above ends the request once it has really passed.
                } catch (IOException e) {
                    throw ioFailure(e, "reading");
                }
            }
        }

        private void readRaw(long cap, OutputListener listener) throws Stop {
            byte[] buffer = new byte[READ_BUFFER];
            while (true) {
                int n = readSome(buffer, 0, buffer.length);
                if (n < 0) {
                    return;
                }
                deliver(buffer, n, cap, listener);
            }
        }

        private void readShellV2(long cap, OutputListener listener) throws Stop {
            byte[] header = new byte[5];
            byte[] buffer = new byte[READ_BUFFER];
            while (true) {
                int got = readUpTo(header, 5);
                if (got < 5) {
                    throw new Stop(StreamResult.Outcome.IO_ERROR, "the shell_v2 stream ended without an exit"
                            + " frame: the stream was cut");
                }
                int id = header[0] & 0xFF;
                long length = (header[1] & 0xFFL) | (header[2] & 0xFFL) << 8 | (header[3] & 0xFFL) << 16
                        | (header[4] & 0xFFL) << 24;
                if (length > MAX_SHELL_V2_FRAME) {
                    throw new Stop(StreamResult.Outcome.IO_ERROR, "a shell_v2 frame claims " + length
                            + " bytes: not the shell_v2 protocol");
                }
                if (id == 3) {
                    byte[] status = readFrameBody((int) length);
                    if (status.length < 1) {
                        throw new Stop(StreamResult.Outcome.IO_ERROR, "a shell_v2 exit frame without a status");
                    }
                    exitStatus = status[0] & 0xFF;
                    return;
                }
                long left = length;
                while (left > 0) {
                    int n = readSome(buffer, 0, (int) Math.min(buffer.length, left));
                    if (n < 0) {
                        throw new Stop(StreamResult.Outcome.IO_ERROR, "the shell_v2 stream ended inside a frame:"
                                + " the stream was cut");
                    }
                    left -= n;
                    if (id == 1) {
                        deliver(buffer, n, cap, listener);
                    } else if (id == 2) {
                        keepStderr(buffer, n);
                    }
                }
            }
        }

        private byte[] readFrameBody(int length) throws Stop {
            byte[] body = new byte[length];
            if (readUpTo(body, length) < length) {
                throw new Stop(StreamResult.Outcome.IO_ERROR, "the shell_v2 stream ended inside a frame:"
                        + " the stream was cut");
            }
            return body;
        }

        private void deliver(byte[] buffer, int n, long cap, OutputListener listener) throws Stop {
            long room = cap - received;
            int accepted = (int) Math.min(n, Math.max(0, room));
            if (accepted > 0) {
                received += accepted;
                if (listener == null) {
                    kept.write(buffer, 0, accepted);
                } else if (!listener.onStdout(buffer, 0, accepted)) {
                    throw new Stop(StreamResult.Outcome.CANCELLED, "the reader stopped the stream");
                }
            }
            if (accepted < n) {
                throw new Stop(StreamResult.Outcome.CAP_EXCEEDED, "more than " + cap + " bytes");
            }
        }

        private void keepStderr(byte[] buffer, int n) {
            stderr.write(buffer, 0, n);
            if (stderr.size() > 2 * STDERR_TAIL_BYTES) {
                byte[] all = stderr.toByteArray();
                stderr.reset();
                stderr.write(all, all.length - STDERR_TAIL_BYTES, STDERR_TAIL_BYTES);
            }
        }

        /** Ends the request once it was cancelled or its deadline passed; nothing is sent after that. */
        private void checkDeadline() throws Stop {
            if (deadline.cancelled()) {
                throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled (" + deadline.cancelledBy() + ")");
            }
            if (deadline.expired()) {
                throw new Stop(StreamResult.Outcome.DEADLINE, "the deadline passed");
            }
        }

        private int timeoutMillis() {
            return (int) Math.max(1, Math.min(Integer.MAX_VALUE, deadline.remainingMillis()));
        }

        private Stop ioFailure(IOException e, String doing) {
            if (cancellation != null && cancellation.isCancelled() || deadline.cancelled()) {
                return new Stop(StreamResult.Outcome.CANCELLED, "cancelled while " + doing);
            }
            return new Stop(StreamResult.Outcome.IO_ERROR, doing + ": " + e);
        }

        private StreamResult finish(StreamResult.Outcome outcome, String detail, boolean cleanEof) {
            byte[] err = stderr.toByteArray();
            if (err.length > STDERR_TAIL_BYTES) {
                err = java.util.Arrays.copyOfRange(err, err.length - STDERR_TAIL_BYTES, err.length);
            }
            // A request that went out and was not refused may have started the command, even when the
            // exchange ended (cancelled, deadline, cut) before the device's OKAY came back.
            boolean mayHaveRun = serviceOpened || serviceRequested && outcome != StreamResult.Outcome.FAIL;
            return new StreamResult(kept.toByteArray(), received, err, cleanEof, exitStatus, mayHaveRun,
                    outcome, detail, deadline.clock().nanoTime() - startNanos);
        }

        private void close() {
            if (socket == null) {
                return;
            }
            if (cancellation != null) {
                cancellation.detach(socket);
            }
            if (deadlineCancellation != null) {
                deadlineCancellation.close();
            }
            try {
                socket.close();
            } catch (IOException ignored) {
                // The request is over; a failing close cannot change its result.
            }
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing is the cancellation itself; a failing close changes nothing.
        }
    }

    /** Splits a comma-separated feature list ({@code host-serial:S:features}). */
    static List<String> features(String payload) {
        List<String> features = new ArrayList<>();
        for (String feature : payload.strip().split(",")) {
            if (!feature.isBlank()) {
                features.add(feature.strip());
            }
        }
        return features;
    }
}
