package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Our own client of the adb server's socket protocol (see device-protocol.md §1). Every request
 * uses a fresh connection: {@code 4 lowercase hex digits of the length + request}, answered by
 * {@code OKAY} or {@code FAIL + 4 hex + reason}. Every call is bounded by a {@link Deadline}
 * (connect timeout and SO_TIMEOUT come from the remaining time; reading stops at the deadline) and
 * a byte cap, can be cancelled from another thread, and returns a {@link StreamResult} instead of
 * throwing. The client holds no connection state, so one instance serves concurrent callers.
 * It is the one entry point the adapters use: the server's lifecycle (finding, starting and
 * version-checking it) is {@link AdbServerLifecycle}, one request on the wire is {@link AdbExchange}.
 */
public final class AdbServerClient {
    /** How much of a shell v2 stderr stream is kept (its tail). */
    public static final int STDERR_TAIL_BYTES = AdbExchange.STDERR_TAIL_BYTES;

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

    private final AdbServerAddress.Resolution resolution;
    private final AdbServerLifecycle lifecycle;
    private final DeviceShell shell = new DeviceShell(this);

    /**
     * @param environment the process environment to honour (ADB_SERVER_SOCKET,
     *                    ANDROID_ADB_SERVER_PORT, PATH for finding adb, and everything else passed
     *                    through to {@code adb start-server}); tests pass a private one
     */
    public AdbServerClient(Map<String, String> environment) {
        Map<String, String> copy = Map.copyOf(environment);
        this.resolution = AdbServerAddress.fromEnvironment(copy);
        this.lifecycle = new AdbServerLifecycle(copy, resolution);
    }

    /** The one {@link DeviceShell} of this client's adapters, so that they share its features answers. */
    DeviceShell shell() {
        return shell;
    }

    /** The server address, or empty when the environment names an invalid one. */
    public Optional<AdbServerAddress> address() {
        return resolution instanceof AdbServerAddress.Resolution.Resolved resolved
                ? Optional.of(resolved.address()) : Optional.empty();
    }

    /** The {@code adb} executable found on the environment's PATH, if any. */
    public Optional<Path> adbOnPath() {
        return lifecycle.adbOnPath();
    }

    /**
     * Makes sure a server answers. When nothing listens on a local address, runs
     * {@code adb start-server} (adb from PATH, this client's environment passed through) once;
     * a remote {@code ADB_SERVER_SOCKET} server is never started.
     */
    public ServerCheck ensureServer(Deadline deadline) {
        return lifecycle.ensureServer(deadline);
    }

    /**
     * A host query ({@code host:version}, {@code host:devices-l}, {@code host-serial:S:get-state},
     * {@code host-serial:S:features}, {@code host:connect:S}): {@code OKAY} + 4 hex length +
     * payload, which is the result's stdout. {@code host:connect} answers OKAY even when the
     * connect failed: the payload says so. The protocol's 4-hex length caps a payload at 65535
     * bytes, so no further cap is needed.
     */
    public StreamResult hostQuery(String request, Deadline deadline) {
        return new AdbExchange(resolution, deadline, null).hostQuery(request);
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
        return new AdbExchange(resolution, deadline, cancellation).deviceService(serial, kind, command, cap, null);
    }

    /**
     * Runs a device service and hands its stdout to {@code listener} as it arrives instead of
     * keeping it; {@code cap} bounds the bytes read in total.
     */
    public StreamResult stream(String serial, ServiceKind kind, String command, Deadline deadline, long cap,
                               AdbCancellation cancellation, OutputListener listener) {
        return new AdbExchange(resolution, deadline, cancellation).deviceService(serial, kind, command, cap, listener);
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
