package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Proxy;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;
import jdk.net.ExtendedSocketOptions;

/**
 * The adb server's wire protocol for one request on one fresh connection (device-protocol.md §1):
 * {@code 4 lowercase hex digits of the length + request}, answered by {@code OKAY} or
 * {@code FAIL + 4 hex + reason}, then a host query's payload, a raw stream or shell v2 frames.
 * Every connect and read is bounded by the {@link Deadline}, whose {@link DeadlineAlarm} closes the
 * socket when it passes (so they block plainly, without socket timeouts), and by the call's byte
 * cap; a cancellation closes the socket too. It gathers what
 * arrived so every ending, clean or not, is reported as a {@link StreamResult}. One instance
 * serves one request.
 */
final class AdbExchange {
    /** How much of a shell v2 stderr stream is kept (its tail). */
    static final int STDERR_TAIL_BYTES = 64 * 1024;
    /** Largest shell v2 frame accepted; adbd sends frames of a few KiB, a larger length is garbage. */
    static final int MAX_SHELL_V2_FRAME = 16 * 1024 * 1024;
    private static final int READ_BUFFER = 64 * 1024;
    private static final int RAW_READ_BYTES = 256 * 1024; // a raw read once bytes were seen waiting (readRaw)
    private static final int SMALLEST_FRAME_BUFFER = 4 * 1024;
    /** Reads shorter than this take what has arrived into {@link #ahead}; longer ones go straight to their buffer. */
    private static final int READ_AHEAD_BYTES = 8 * 1024;
    private static final int MAX_REQUEST_BYTES = 0xFFFF;

    private final AdbServerAddress.Resolution resolution;
    private final Deadline deadline;
    private final AdbCancellation cancellation;
    private Cancellation.Registration deadlineCancellation;
    private DeadlineAlarm alarm;
    private final long startNanos;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private long received;
    private boolean serviceOpened;
    private boolean serviceRequested;
    private Integer exitStatus;
    private Socket socket;
    private boolean acknowledgeAtOnce;
    private boolean requestFollows; // reading the transport's OKAY: the service request sent next acknowledges it
    private InputStream in;
    private OutputStream out;
    /** Bytes read from the socket and not handed over yet: {@code [aheadFrom, aheadTo)}; made on the first short read. */
    private byte[] ahead;
    private int aheadFrom;
    private int aheadTo;
    private boolean aheadFilled; // the last read ahead filled it: bytes were waiting (readSome)

    AdbExchange(AdbServerAddress.Resolution resolution, Deadline deadline, AdbCancellation cancellation) {
        this.resolution = resolution;
        this.deadline = deadline;
        this.cancellation = cancellation;
        this.startNanos = deadline.clock().nanoTime();
    }

    StreamResult hostQuery(String request) {
        try {
            connect();
            send(request);
            expectOkay(request);
            int length = readHexLength(() -> "the payload length of " + request);
            byte[] payload = readExactly(length, () -> "the payload of " + request);
            kept.write(payload, 0, payload.length);
            received = payload.length;
            return finish(StreamResult.Outcome.COMPLETED, null, true);
        } catch (Stop stop) {
            return finish(stop.outcome, stop.detail, false);
        } finally {
            close();
        }
    }

    StreamResult deviceService(String serial, AdbServerClient.ServiceKind kind, String command, long cap,
                               OutputListener listener) {
        try {
            connect();
            String transport = "host:transport:" + serial;
            send(transport);
            requestFollows = true;
            expectOkay(transport);
            String service = kind.prefix() + command;
            send(service);
            serviceRequested = true;
            expectOkay(service);
            serviceOpened = true;
            if (kind == AdbServerClient.ServiceKind.SHELL_V2) {
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
        AdbServerAddress address = ((AdbServerAddress.Resolution.Resolved) resolution).address();
        checkDeadline();
        // A direct connection, never a proxy's: the adb server is this host's or one the user named,
        // and no proxy selection runs (net.properties, a URI and the non-proxy-host patterns).
        Socket fresh = new Socket(Proxy.NO_PROXY);
        if (cancellation != null && !cancellation.attach(fresh)) {
            throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled before connecting");
        }
        socket = fresh;
        // The deadline's cancellation closes this socket at once, so a blocked read returns now; so
        // does the deadline's alarm once it has passed.
        deadlineCancellation = deadline.cancellation().onCancel(() -> closeQuietly(fresh));
        if (deadline.cancelled()) {
            throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled before connecting");
        }
        alarm = DeadlineAlarm.set(deadline, () -> closeQuietly(fresh));
        try {
            socket.connect(new InetSocketAddress(address.host(), address.port()));
            socket.setTcpNoDelay(true);
            acknowledgeAtOnce = socket.supportedOptions().contains(ExtendedSocketOptions.TCP_QUICKACK);
            in = socket.getInputStream();
            out = socket.getOutputStream();
        } catch (IOException e) {
            if (cancelled()) {
                throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled while connecting to " + address);
            }
            if (alarm.rang()) {
                throw new Stop(StreamResult.Outcome.DEADLINE, "connecting to " + address);
            }
            if (e instanceof ConnectException || e instanceof NoRouteToHostException || e instanceof UnknownHostException) {
                throw new Stop(StreamResult.Outcome.SERVER_UNREACHABLE, "nothing accepts connections at "
                        + address + " (" + address.source() + "): " + e.getMessage());
            }
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
        for (int digit = 0; digit < 4; digit++) {
            frame[digit] = (byte) Character.forDigit(body.length >> (12 - 4 * digit) & 0xF, 16);
        }
        System.arraycopy(body, 0, frame, 4, body.length);
        try {
            out.write(frame);
            out.flush();
        } catch (IOException e) {
            throw ioFailure(e, "sending " + Text.abbreviate(request, 80));
        }
    }

    /**
     * The adb server's OKAY to {@code request}, else its FAIL and reason. A FAIL read while
     * {@code requestFollows} set no quick ACK is acknowledged now: its reason comes in a write of its
     * own, which Nagle's algorithm holds until then.
     */
    private void expectOkay(String request) throws Stop {
        String status = new String(readExactly(4, () -> "the answer to " + Text.abbreviate(request, 80)),
                StandardCharsets.US_ASCII);
        boolean unacknowledged = requestFollows;
        requestFollows = false;
        if (status.equals("OKAY")) {
            return;
        }
        if (unacknowledged) {
            acknowledgeNow();
        }
        if (status.equals("FAIL")) {
            int length = readHexLength(() -> "the FAIL reason length");
            String reason = new String(readExactly(length, () -> "the FAIL reason"), StandardCharsets.UTF_8);
            throw new Stop(StreamResult.Outcome.FAIL, reason);
        }
        throw new Stop(StreamResult.Outcome.IO_ERROR, "the adb server answered '"
                + Text.abbreviate(status, 8) + "' instead of OKAY or FAIL");
    }

    private int readHexLength(Supplier<String> what) throws Stop {
        byte[] digits = readExactly(4, what);
        int length = 0;
        for (byte digit : digits) {
            int value = Character.digit(digit, 16);
            if (digit < 0 || value < 0) {
                throw new Stop(StreamResult.Outcome.IO_ERROR, what.get() + " is not 4 hex digits: '"
                        + Text.abbreviate(new String(digits, StandardCharsets.US_ASCII), 8) + "'");
            }
            length = length << 4 | value;
        }
        return length;
    }

    /**
     * Exactly {@code length} bytes; an early end of stream is an I/O error (never data). {@code what}
     * names them in that error, made only then: every request reads its answer through here.
     */
    private byte[] readExactly(int length, Supplier<String> what) throws Stop {
        byte[] bytes = new byte[length];
        int filled = readUpTo(bytes, length);
        if (filled < length) {
            throw new Stop(StreamResult.Outcome.IO_ERROR, "the stream ended after " + filled + " of "
                    + length + " bytes of " + what.get());
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

    /**
     * Some of the next bytes, at most {@code length}, bounded by the deadline: how many, or -1 at
     * end of stream. A short read is served from bytes read ahead, so a stream of small shell v2
     * frames (logcat lines: a 5-byte header and a body) costs a read for what arrived, not two a
     * frame (issue 26); a long one goes to the caller's buffer directly. A read ahead that fills its
     * 8 KiB means more waits: the next takes up to 64 KiB. Bytes read ahead are handed over after
     * {@link #checkBeforeHandOver()}.
     */
    private int readSome(byte[] buffer, int offset, int length) throws Stop {
        if (aheadFrom == aheadTo) {
            if (length >= READ_AHEAD_BYTES) {
                return readSocket(buffer, offset, length);
            }
            if (ahead == null || aheadFilled && ahead.length < READ_BUFFER) {
                ahead = new byte[ahead == null ? READ_AHEAD_BYTES : READ_BUFFER];
            }
            int n = readSocket(ahead, 0, ahead.length);
            if (n < 0) {
                return n;
            }
            aheadFilled = n == ahead.length;
            aheadFrom = 0;
            aheadTo = n;
        } else {
            checkBeforeHandOver();
        }
        int taken = Math.min(length, aheadTo - aheadFrom);
        System.arraycopy(ahead, aheadFrom, buffer, offset, taken);
        aheadFrom += taken;
        return taken;
    }

    /** Bytes read earlier end as the socket read they stand in for would have: after the deadline or a cancellation, none. */
    private void checkBeforeHandOver() throws Stop {
        checkDeadline();
        if (cancellation != null && cancellation.isCancelled()) {
            // Its socket is closed: the read it stands in for would have failed so.
            throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled while reading");
        }
    }

    /** One socket read bounded by the deadline (its alarm closes the socket): the bytes read, or -1 at end of stream. */
    private int readSocket(byte[] buffer, int offset, int length) throws Stop {
        checkDeadline();
        try {
            int n = in.read(buffer, offset, length);
            if (n > 0 && !requestFollows) {
                acknowledgeNow();
            }
            if (n < 0 && cancelled()) {
                // An end of stream seen after a cancellation may be the closed socket itself: never "complete".
                throw new Stop(StreamResult.Outcome.CANCELLED, "cancelled while reading");
            }
            if (n < 0 && alarm.rang()) {
                throw new Stop(StreamResult.Outcome.DEADLINE, "the deadline passed");
            }
            return n;
        } catch (IOException e) {
            throw ioFailure(e, "reading");
        }
    }

    /**
     * Acknowledges what arrived now, not after the delayed-ACK timer (40 ms on Linux): the adb server
     * writes with Nagle's algorithm on and holds a small write (a logcat line) until the previous one
     * is acknowledged. Linux leaves quick-ACK mode on its own, so it is set after every read but the
     * transport's OKAY ({@code requestFollows}); where the option does not exist nothing changes.
     */
    private void acknowledgeNow() {
        if (acknowledgeAtOnce) {
            try {
                socket.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
            } catch (IOException | UnsupportedOperationException e) {
                acknowledgeAtOnce = false; // a closed socket fails its next read; an ACK's timing is not worth a failure
            }
        }
    }

    /**
     * A raw stream to its end. Once a read fills the buffer (a screenshot that arrives faster than it
     * is checked), reads take up to {@code RAW_READ_BYTES}, handed over in the PNG check's 64 KiB.
     */
    private void readRaw(long cap, OutputListener listener) throws Stop {
        byte[] buffer = new byte[READ_BUFFER];
        while (true) {
            int n = readSome(buffer, 0, buffer.length);
            if (n < 0) {
                return;
            }
            for (int from = 0; from < n; from += READ_BUFFER) {
                if (from > 0) {
                    checkBeforeHandOver(); // as the read of that piece alone would have
                }
                deliver(buffer, from, Math.min(READ_BUFFER, n - from), cap, listener);
            }
            if (n == buffer.length && buffer.length < RAW_READ_BYTES) {
                buffer = new byte[RAW_READ_BYTES];
            }
        }
    }

    private void readShellV2(long cap, OutputListener listener) throws Stop {
        byte[] header = new byte[5];
        // Sized by the frames that come: most commands answer in a few KiB, and a 64 KiB buffer for
        // each of a capture's dozen shell commands was a third of a megabyte of garbage (issue 26).
        byte[] buffer = new byte[0];
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
            if (buffer.length < Math.min(READ_BUFFER, left)) {
                buffer = new byte[(int) Math.min(READ_BUFFER, Math.max(SMALLEST_FRAME_BUFFER, left))];
            }
            while (left > 0) {
                int n = readSome(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new Stop(StreamResult.Outcome.IO_ERROR, "the shell_v2 stream ended inside a frame:"
                            + " the stream was cut");
                }
                left -= n;
                if (id == 1) {
                    deliver(buffer, 0, n, cap, listener);
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

    private void deliver(byte[] buffer, int offset, int n, long cap, OutputListener listener) throws Stop {
        long room = cap - received;
        int accepted = (int) Math.min(n, Math.max(0, room));
        if (accepted > 0) {
            received += accepted;
            if (listener == null) {
                kept.write(buffer, offset, accepted);
            } else if (!listener.onStdout(buffer, offset, accepted)) {
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

    /** Whether the request's own cancellation or its deadline's closed the socket or may have. */
    private boolean cancelled() {
        return cancellation != null && cancellation.isCancelled() || deadline.cancelled();
    }

    private Stop ioFailure(IOException e, String doing) {
        if (cancelled()) {
            return new Stop(StreamResult.Outcome.CANCELLED, "cancelled while " + doing);
        }
        if (alarm != null && alarm.rang()) {
            // The alarm closed the socket: the deadline ended this call, as the check before each read says.
            return new Stop(StreamResult.Outcome.DEADLINE, "the deadline passed");
        }
        return new Stop(StreamResult.Outcome.IO_ERROR, doing + ": " + e);
    }

    private StreamResult finish(StreamResult.Outcome outcome, String detail, boolean cleanEof) {
        byte[] err = stderr.toByteArray();
        if (err.length > STDERR_TAIL_BYTES) {
            err = Arrays.copyOfRange(err, err.length - STDERR_TAIL_BYTES, err.length);
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
        if (alarm != null) {
            alarm.close();
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // The request is over; a failing close cannot change its result.
        }
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

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closing is the cancellation itself; a failing close changes nothing.
        }
    }
}
