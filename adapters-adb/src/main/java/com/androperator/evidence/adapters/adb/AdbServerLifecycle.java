package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.adapters.adb.AdbServerClient.ServerCheck;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Failure;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The adb server's lifecycle: finding it (the environment's address, adb on PATH), starting it
 * with {@code adb start-server} when nothing listens on a local address, and checking that it
 * answers {@code host:version}. Kept apart from the wire protocol ({@link AdbExchange}) because
 * it runs processes and decides ADB_UNAVAILABLE, while the protocol only reports outcomes.
 */
final class AdbServerLifecycle {
    private static final String INSTALL_HINT = "install Android platform-tools / Debian: apt-get install -y adb,"
            + " or set ADB_SERVER_SOCKET=tcp:HOST:PORT to use a running server";

    private final Map<String, String> environment;
    private final AdbServerAddress.Resolution resolution;

    /** {@code environment} is already an immutable copy; {@code resolution} was read from it. */
    AdbServerLifecycle(Map<String, String> environment, AdbServerAddress.Resolution resolution) {
        this.environment = environment;
        this.resolution = resolution;
    }

    /** The {@code adb} executable found on the environment's PATH, if any. */
    Optional<Path> adbOnPath() {
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
    ServerCheck ensureServer(Deadline deadline) {
        if (resolution instanceof AdbServerAddress.Resolution.Invalid invalid) {
            return unavailable(ErrorCodes.ADB_UNAVAILABLE, invalid.message() + "; " + INSTALL_HINT);
        }
        AdbServerAddress address = ((AdbServerAddress.Resolution.Resolved) resolution).address();
        StreamResult version = version(deadline);
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
        return checked(address, version(deadline), true);
    }

    private StreamResult version(Deadline deadline) {
        return new AdbExchange(resolution, deadline, null).hostQuery("host:version");
    }

    private static ServerCheck checked(AdbServerAddress address, StreamResult version, boolean startedNow) {
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
}

