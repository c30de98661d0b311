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
    private List<String> jvmOptions = List.of();

    CliProcess(Map<String, String> environment, Path scratch) {
        this.environment = environment;
        this.scratch = scratch;
    }

    /** Runs the child under {@code ulimit -f}: the kernel refuses writes past this size (EFBIG), as a full disk does. */
    CliProcess withFileSizeLimitKiB(int kib) {
        CliProcess limited = new CliProcess(environment, scratch);
        limited.fileSizeLimitKiB = kib;
        limited.jvmOptions = jvmOptions;
        return limited;
    }

    /** Runs the child JVM with these options too, e.g. {@code -Xmx128m} to prove a memory bound. */
    CliProcess withJvmOptions(String... options) {
        CliProcess configured = new CliProcess(environment, scratch);
        configured.fileSizeLimitKiB = fileSizeLimitKiB;
        configured.jvmOptions = List.of(options);
        return configured;
    }

    /** A child started and not waited for: the test decides when it ends (e.g. SIGKILL mid-transfer). */
    Process start(String... args) {
        try {
            return builder(command(args), scratch.resolve("started-out.txt"), scratch.resolve("started-err.txt")).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> command(String... args) {
        List<String> java = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // No hsperfdata file: under a file-size limit the JVM's own files must stay small.
                "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1"));
        java.addAll(jvmOptions);
        java.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        java.addAll(List.of(args));
        List<String> command = java;
        if (fileSizeLimitKiB != null) {
            // The JVM ignores SIGXFSZ, so a write past the limit fails with EFBIG instead of killing it.
            command = new ArrayList<>(List.of("bash", "-c", "ulimit -f " + fileSizeLimitKiB + " && exec \"$@\"", "bash"));
            command.addAll(java);
        }
        return command;
    }

    private ProcessBuilder builder(List<String> command, Path out, Path err) {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
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
            Process process = builder(command, out, err).start();
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
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Under a file-size limit the child's output goes through pipes: the limit is the bundle's
     * storage, and a caller's stdout (a terminal, a pipe) is never cut by it.
     */
    private Run runThroughPipes(List<String> command, String... args) {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(environment);
        try {
            Process process = builder.start();
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

    record Run(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout: " + stdout + "\nstderr: " + stderr;
        }
    }
}
