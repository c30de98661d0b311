package com.androperator.evidence.distribution;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A child process with exactly the environment given (nothing inherited), a working directory,
 * and optionally another user (setpriv, for the read-only cases: root ignores permission bits).
 */
final class Launch {
    /** The unprivileged account a read-only install is tested as when the tests run as root (nobody). */
    static final int UNPRIVILEGED_ID = 65534;

    private final List<String> command;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private Path directory;
    private boolean unprivileged;

    private Launch(List<String> command) {
        this.command = command;
    }

    static Launch command(String... command) {
        Launch launch = new Launch(new ArrayList<>(List.of(command)));
        launch.environment.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return launch;
    }

    static Launch command(List<String> command) {
        return command(command.toArray(String[]::new));
    }

    /** Replaces the whole environment. */
    Launch environment(Map<String, String> variables) {
        environment.clear();
        environment.putAll(variables);
        return this;
    }

    Launch in(Path workingDirectory) {
        this.directory = workingDirectory;
        return this;
    }

    /** As nobody when this JVM is root (where write bits stop nothing), else as this user. */
    Launch unprivileged() {
        this.unprivileged = true;
        return this;
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    record Result(int status, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + status + "\nstdout: " + stdout + "\nstderr: " + stderr;
        }
    }

    Result run() {
        return run(null);
    }

    /** Runs to the end; {@code input} (may be null: /dev/null) is written to stdin, which is then closed. */
    Result run(String input) {
        return run(input, false);
    }

    /**
     * Writes {@code line} to stdin and waits for the first line on stdout before closing stdin, as
     * an MCP client does with initialize; then runs to the end.
     */
    Result converse(String line) {
        return run(line, true);
    }

    private Result run(String input, boolean awaitAnswer) {
        List<String> full = new ArrayList<>();
        if (unprivileged && isRoot()) {
            full.addAll(List.of("/usr/bin/setpriv", "--reuid=" + UNPRIVILEGED_ID, "--regid=" + UNPRIVILEGED_ID,
                    "--clear-groups", "--"));
        }
        full.addAll(command);
        try {
            Path out = Files.createTempFile("launch-", ".out");
            Path err = Files.createTempFile("launch-", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(full).redirectError(err.toFile());
                if (!awaitAnswer) {
                    builder.redirectOutput(out.toFile());
                }
                if (directory != null) {
                    builder.directory(directory.toFile());
                }
                if (input == null) {
                    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
                }
                builder.environment().clear();
                builder.environment().putAll(environment);
                Process process = builder.start();
                StringBuilder answered = new StringBuilder();
                if (input != null) {
                    try (var stdin = process.getOutputStream()) {
                        stdin.write(input.getBytes(StandardCharsets.UTF_8));
                        stdin.flush();
                        if (awaitAnswer) {
                            answered.append(firstLine(process)).append('\n');
                        }
                    }
                }
                // A safety net against a hung child, far above any command here; not a timing assertion.
                if (!process.waitFor(300, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                    throw new IllegalStateException(full + " hung: " + Files.readString(err));
                }
                String stdout = awaitAnswer
                        ? answered + new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                        : Files.readString(out, StandardCharsets.UTF_8);
                return new Result(process.exitValue(), stdout, Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Reads stdout up to its first newline (the process's own end of output also ends it). */
    private static String firstLine(Process process) throws IOException {
        java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        var stdout = process.getInputStream();
        for (int next; (next = stdout.read()) >= 0 && next != '\n'; ) {
            line.write(next);
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
