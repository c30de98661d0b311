package com.androperator.evidence.cli;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code androperator} as a child process: this module's runtime classpath (what the shaded
 * jar holds), a given environment, stdout and stderr kept apart.
 */
final class CliProcess {
    /** A safety net against a hung child, far above any capture's budget; not a timing assertion. */
    private static final long HANG_LIMIT_SECONDS = 180;

    private final Map<String, String> environment;
    private final Path scratch;
    private Integer fileSizeLimitKiB;
    private boolean softLimit;
    private List<String> jvmOptions = List.of();
    private Path launcher;
    private String user;
    private String classPath;

    CliProcess(Map<String, String> environment, Path scratch) {
        this.environment = environment;
        this.scratch = scratch;
    }

    /** Runs the child under {@code ulimit -f}: the kernel refuses writes past this size (EFBIG), as a full disk does. */
    CliProcess withFileSizeLimitKiB(int kib) {
        CliProcess limited = new CliProcess(environment, scratch);
        limited.fileSizeLimitKiB = kib;
        limited.softLimit = softLimit;
        limited.jvmOptions = jvmOptions;
        return limited;
    }

    /**
     * Like {@link #withFileSizeLimitKiB(int)}, but only the soft limit ({@code ulimit -S -f}): a
     * child may lift it again (the fake scrcpy does, with FAKE_SCRCPY_UNLIMITED_FILES=1), so that
     * only the worker's own writes meet it.
     */
    CliProcess withSoftFileSizeLimitKiB(int kib) {
        CliProcess limited = withFileSizeLimitKiB(kib);
        limited.softLimit = true;
        return limited;
    }

    /** Runs the child JVM with these options too, e.g. {@code -Xmx128m} to prove a memory bound. */
    CliProcess withJvmOptions(String... options) {
        CliProcess configured = new CliProcess(environment, scratch);
        configured.fileSizeLimitKiB = fileSizeLimitKiB;
        configured.softLimit = softLimit;
        configured.jvmOptions = List.of(options);
        return configured;
    }

    /**
     * Runs the child JVM as the numeric {@code user} and group (setpriv; the tests run as root, which ignores permission
     * bits) on {@code classPath}, which that user must be able to read.
     */
    CliProcess asUser(String user, String classPath) {
        CliProcess other = new CliProcess(environment, scratch);
        other.user = user;
        other.classPath = classPath;
        return other;
    }

    Map<String, String> environment() {
        return environment;
    }

    /** Runs {@code launcher} (a {@link LauncherTree}'s bin/androperator) instead of this module's classes in a JVM. */
    CliProcess throughLauncher(Path launcher) {
        CliProcess launched = new CliProcess(environment, scratch);
        launched.launcher = launcher;
        return launched;
    }

    private List<String> command(String... args) {
        if (launcher != null) {
            List<String> command = new ArrayList<>(List.of(launcher.toString()));
            command.addAll(List.of(args));
            return command;
        }
        List<String> java = new ArrayList<>(user == null ? List.of() : List.of("/usr/bin/setpriv", "--reuid=" + user,
                "--regid=" + user, "--clear-groups", "--"));
        java.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // No hsperfdata file: under a file-size limit the JVM's own files must stay small.
                "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1"));
        java.addAll(jvmOptions);
        java.addAll(List.of("-cp", classPath != null ? classPath : System.getProperty("java.class.path"),
                Main.class.getName()));
        java.addAll(List.of(args));
        List<String> command = java;
        if (fileSizeLimitKiB != null) {
            // The JVM ignores SIGXFSZ, so a write past the limit fails with EFBIG instead of killing it.
            command = new ArrayList<>(List.of("/bin/bash", "-c", "ulimit " + (softLimit ? "-S " : "") + "-f "
                    + fileSizeLimitKiB + " && exec \"$@\"", "bash"));
            command.addAll(java);
        }
        return command;
    }

    private ProcessBuilder builder(List<String> command, Path out, Path err) {
        return builder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    }

    /** The child with nothing on stdin and exactly the given environment. */
    private ProcessBuilder builder(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(environment);
        return builder;
    }

    Run run(String... args) {
        List<String> command = command(args);
        if (fileSizeLimitKiB != null) {
            return runThroughPipes(command, args);
        }
        try {
            Path out = Files.createTempFile(scratch, "cli-out-", ".txt");
            Path err = Files.createTempFile(scratch, "cli-err-", ".txt");
            return finished(builder(command, out, err).start(), out, err, args);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Runs the child with its stderr on a pseudo-terminal, as in an interactive shell, and its stdout
     * in a file: util-linux {@code script} makes the terminal and records what reaches it. The Run's
     * stderr is that record (with script's own first and last lines and the terminal's CR LF).
     */
    Run runWithTerminalStderr(String... args) {
        if (!Files.isExecutable(Path.of("/usr/bin/script"))) {
            throw new AssertionError("the terminal tests need util-linux script at /usr/bin/script "
                    + "(Debian: apt-get install -y bsdutils)");
        }
        try {
            Path out = Files.createTempFile(scratch, "cli-out-", ".txt");
            Path terminal = Files.createTempFile(scratch, "cli-tty-", ".txt");
            Path line = Files.createTempFile(scratch, "cli-command-", ".sh");
            StringBuilder text = new StringBuilder("exec");
            for (String word : command(args)) {
                text.append(" '").append(word.replace("'", "'\\''")).append('\'');
            }
            text.append(" >'").append(out).append("'\n");
            Files.writeString(line, text.toString());
            Process process = builder(List.of("/usr/bin/script", "-q", "-e", "-c", "/bin/bash " + line, terminal.toString()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            Run run = finished(process, out, terminal, args);
            Files.delete(line);
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits for the child (within the hang limit), then reads and removes the files its stdout and stderr went to. */
    private static Run finished(Process process, Path out, Path err, String... args)
            throws IOException, InterruptedException {
        if (!process.waitFor(HANG_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException("androperator " + String.join(" ", args) + " hung; stderr: "
                    + Files.readString(err));
        }
        Run run = new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return run;
    }

    /**
     * Under a file-size limit the child's output goes through pipes: the limit is the bundle's
     * storage, and a caller's stdout (a terminal, a pipe) is never cut by it.
     */
    private Run runThroughPipes(List<String> command, String... args) {
        try {
            Process process = builder(command).start();
            java.util.concurrent.CompletableFuture<byte[]> err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return process.getErrorStream().readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(HANG_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException("androperator " + String.join(" ", args) + " hung");
            }
            return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                    new String(err.join(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts the child without waiting: stderr is read line by line as it comes, so a test can
     * wait for what the process says (an event) before it signals it.
     */
    Started start(String... args) {
        try {
            Path out = Files.createTempFile(scratch, "cli-out-", ".txt");
            return new Started(builder(command(args)).redirectOutput(out.toFile()).start(), out, String.join(" ", args));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A running child: signal it, wait for a stderr line, wait for its exit. */
    static final class Started {
        private final Process process;
        private final Path out;
        private final String what;
        private final List<String> stderr = new ArrayList<>();
        private final Thread reader;

        private Started(Process process, Path out, String what) {
            this.process = process;
            this.out = out;
            this.what = what;
            this.reader = new Thread(this::readStderr, "cli-stderr");
            reader.setDaemon(true);
            reader.start();
        }

        private void readStderr() {
            try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    synchronized (stderr) {
                        stderr.add(line);
                        stderr.notifyAll();
                    }
                }
            } catch (IOException e) {
                // The child is gone; what it said so far is kept.
            }
        }

        long pid() {
            return process.pid();
        }

        /** Sends {@code signal} ("INT", "TERM") with kill(1); false when the process was already gone. */
        boolean signal(String signal) {
            try {
                Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                        .redirectErrorStream(true).start();
                kill.getInputStream().readAllBytes();
                return kill.waitFor() == 0;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        /** Blocks until stderr has a line containing {@code text}; fails when the child exits without one. */
        String awaitStderr(String text) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(HANG_LIMIT_SECONDS);
            synchronized (stderr) {
                while (true) {
                    for (String line : stderr) {
                        if (line.contains(text)) {
                            return line;
                        }
                    }
                    long left = deadline - System.nanoTime();
                    if (left <= 0 || !process.isAlive() && !reader.isAlive()) {
                        throw new IllegalStateException("androperator " + what + " never said '" + text
                                + "' on stderr: " + stderr);
                    }
                    stderr.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
            }
        }

        boolean isAlive() {
            return process.isAlive();
        }

        /** SIGKILL: the child gets no chance to clean up, as when the machine loses power. */
        void kill() {
            process.destroyForcibly();
        }

        Run awaitExit() throws InterruptedException {
            if (!process.waitFor(HANG_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException("androperator " + what + " hung; stderr: " + stderr);
            }
            reader.join(TimeUnit.SECONDS.toMillis(HANG_LIMIT_SECONDS));
            try {
                String stdout = Files.readString(out, StandardCharsets.UTF_8);
                Files.delete(out);
                synchronized (stderr) {
                    return new Run(process.exitValue(), stdout, String.join("\n", stderr));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    record Run(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout: " + stdout + "\nstderr: " + stderr;
        }
    }
}
