package com.androperator.evidence.adapters.adb;

import java.nio.charset.StandardCharsets;

/**
 * What one request to the adb server produced, as a value: the bytes received (kept even when the
 * request failed, because partial bytes are evidence too), how the stream ended, and why.
 *
 * @param stdout          every stdout byte kept (a host query's payload; empty when a listener
 *                        consumed the stream)
 * @param bytesReceived   stdout bytes received, including those handed to a listener
 * @param stderr          stderr bytes (shell v2 only; legacy shell and exec merge them into stdout),
 *                        at most the last {@link AdbServerClient#STDERR_TAIL_BYTES}
 * @param cleanEof        the stream ended the way its protocol ends a whole stream: end of file for
 *                        exec and legacy shell, the exit frame for shell v2. It never proves that
 *                        the device sent everything: a device that dies looks like a clean EOF.
 * @param exitStatus      the command's exit status when the protocol carries one (shell v2), else null
 * @param serviceOpened   the command may have run: the device accepted the service request, or the
 *                        request went out and the exchange ended (cancelled, deadline, cut) before
 *                        the answer; false when it was refused or never sent
 * @param outcome         why reading stopped
 * @param detail          the server's FAIL reason or the I/O error, null when the outcome says it all
 * @param durationNanos   monotonic time from the first connect to the end of reading
 */
public record StreamResult(byte[] stdout, long bytesReceived, byte[] stderr, boolean cleanEof,
                           Integer exitStatus, boolean serviceOpened, Outcome outcome, String detail,
                           long durationNanos) {

    /** Why reading stopped. */
    public enum Outcome {
        /** The stream ended as its protocol says a whole stream ends. */
        COMPLETED,
        /** The deadline passed first. */
        DEADLINE,
        /** More bytes arrived than the caller allowed; the first {@code cap} bytes are kept. */
        CAP_EXCEEDED,
        /** The caller ended the stream: {@link AdbCancellation#cancel()} or its listener said stop. */
        CANCELLED,
        /** Nothing accepts connections at the server address. */
        SERVER_UNREACHABLE,
        /** The connection broke or the server spoke something that is not the adb protocol. */
        IO_ERROR,
        /** The server or the device refused the request: {@code detail} is its FAIL reason. */
        FAIL
    }

    public StreamResult {
        stdout = stdout == null ? new byte[0] : stdout;
        stderr = stderr == null ? new byte[0] : stderr;
        if (outcome == null) {
            throw new IllegalArgumentException("a stream result has an outcome");
        }
    }

    public boolean completed() {
        return outcome == Outcome.COMPLETED;
    }

    /** Completed and, where the protocol reports it, exited with status 0. */
    public boolean succeeded() {
        return completed() && (exitStatus == null || exitStatus == 0);
    }

    /**
     * Stdout as text for host queries (the adb server's own replies) and for matching fixed ASCII
     * markers: a malformed byte becomes U+FFFD, which can never form or change such a token.
     */
    public String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    /** Stdout with each malformed sequence as {@link Utf8#MALFORMED}, for values that reach the manifest. */
    String stdoutMarked() {
        return Utf8.marked(stdout);
    }

    /** Stdout for diagnostics: bytes that are not UTF-8 read {@code \xHH}. */
    String stdoutDescribed() {
        return Utf8.described(stdout);
    }

    /** Stderr for diagnostics: bytes that are not UTF-8 read {@code \xHH}. */
    public String stderrText() {
        return Utf8.described(stderr);
    }

    public long durationMillis() {
        return durationNanos / 1_000_000L;
    }

    /** One line for messages: the outcome, its detail, exit status and stderr when there are any. */
    public String describe() {
        StringBuilder text = new StringBuilder(outcome.name().toLowerCase(java.util.Locale.ROOT));
        if (detail != null && !detail.isBlank()) {
            text.append(": ").append(detail);
        }
        if (exitStatus != null) {
            text.append(" (exit status ").append(exitStatus).append(')');
        }
        String err = stderrText().strip();
        if (!err.isEmpty()) {
            text.append("; stderr: ").append(Text.abbreviate(err, 300));
        }
        return text.toString();
    }
}
