package com.androperator.evidence.simulator.profile;

import java.util.Objects;

/** A failure injected into one service (a command's first word or words, e.g. "wm size"). */
public sealed interface ServiceFault {

    /**
     * The whole TCP connection is cut once the service has written {@code afterBytes} bytes of
     * output, as a device that dies mid-stream: the host sees a clean end of stream. The device
     * then stops listening for {@code offlineMs}, so the host shows it offline (its automatic
     * reconnect fails) until a later {@code adb connect}.
     */
    record DropConnection(long afterBytes, long offlineMs) implements ServiceFault {
        /** Long enough for a client to see the device offline, short enough for fast tests. */
        public static final long DEFAULT_OFFLINE_MS = 1_000;

        public DropConnection {
            if (afterBytes < 0) {
                throw new InvalidProfileException("dropAfterBytes must be 0 or more, got " + afterBytes);
            }
            if (offlineMs < 0 || offlineMs > 600_000) {
                throw new InvalidProfileException("offlineMs must be 0..600000, got " + offlineMs);
            }
        }
    }

    /**
     * The service writes {@code afterBytes} bytes of output, then hangs with its stream open, as a
     * device stuck mid-transfer or a command that never answers, until the host closes the stream.
     * The moment it starts hanging is recorded for tests to wait on
     * ({@code DeviceSimulator.awaitStall}).
     */
    record Stall(long afterBytes) implements ServiceFault {
        public Stall {
            if (afterBytes < 0) {
                throw new InvalidProfileException("stallAfterBytes must be 0 or more, got " + afterBytes);
            }
        }
    }

    /** The OPEN of a stream running this service is refused with {@code CLSE(0, local)}. */
    record Refuse() implements ServiceFault {}

    /** The command prints {@code stdout} and {@code stderr} and exits with {@code exitCode}. */
    record Fail(int exitCode, String stdout, String stderr) implements ServiceFault {
        public Fail {
            if (exitCode < 0 || exitCode > 255) {
                throw new InvalidProfileException("exitCode must be 0..255, got " + exitCode);
            }
            Objects.requireNonNull(stdout, "stdout");
            Objects.requireNonNull(stderr, "stderr");
        }
    }

    static ServiceFault dropAfterBytes(long afterBytes) {
        return new DropConnection(afterBytes, DropConnection.DEFAULT_OFFLINE_MS);
    }

    static ServiceFault dropAfterBytes(long afterBytes, long offlineMs) {
        return new DropConnection(afterBytes, offlineMs);
    }

    static ServiceFault stallAfterBytes(long afterBytes) {
        return new Stall(afterBytes);
    }

    static ServiceFault refuse() {
        return new Refuse();
    }

    static ServiceFault fail(int exitCode, String stderr) {
        return new Fail(exitCode, "", stderr);
    }
}
