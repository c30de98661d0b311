package com.androperator.evidence.adapters.media.video;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one media subprocess with a hard deadline and a combined stdout+stderr cap. Passing either
 * kills the process (and anything it started) and reports it, so that the caller fails
 * verification rather than trusting a partial run. The command runs under the
 * {@link MediaProcessGuard}, so it also ends when this JVM ends; its own stdin is /dev/null.
 */
public final class BoundedProcessRunner {
    private static final long READER_JOIN_MILLIS = 5_000;

    private final Map<String, String> environment;

    /** @param environment the complete environment of every subprocess (PATH included) */
    public BoundedProcessRunner(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    public ProcessRun run(List<String> command, long deadlineMillis, long outputCapBytes) {
        Optional<ProcessRun> unlaunchable = unlaunchable(command.get(0));
        if (unlaunchable.isPresent()) {
            return unlaunchable.get();
        }
        ProcessBuilder builder = new ProcessBuilder(MediaProcessGuard.wrap(command));
        builder.environment().clear();
        builder.environment().putAll(environment);
        // stdin stays a pipe: it is the guard's watch pipe (see MediaProcessGuard).
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            String message = String.valueOf(e.getMessage());
            ProcessRun.Termination termination = message.contains("error=2,") || message.contains("No such file")
                    ? ProcessRun.Termination.NOT_FOUND : ProcessRun.Termination.LAUNCH_FAILED;
            return new ProcessRun(termination, -1, null, null, message);
        }
        AtomicLong combined = new AtomicLong();
        AtomicBoolean overflow = new AtomicBoolean();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread outReader = drain(process.getInputStream(), stdout, combined, overflow, outputCapBytes, process, "stdout");
        Thread errReader = drain(process.getErrorStream(), stderr, combined, overflow, outputCapBytes, process, "stderr");
        boolean exited;
        try {
            exited = process.waitFor(deadlineMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exited = false;
        }
        if (!exited) {
            kill(process);
        }
        MediaProcessGuard.close(process);
        join(outReader);
        join(errReader);
        byte[] out;
        byte[] err;
        synchronized (stdout) {
            out = stdout.toByteArray();
        }
        synchronized (stderr) {
            err = stderr.toByteArray();
        }
        if (overflow.get()) {
            return new ProcessRun(ProcessRun.Termination.OUTPUT_LIMIT, -1, out, err, null);
        }
        if (!exited) {
            return new ProcessRun(ProcessRun.Termination.DEADLINE, -1, out, err, null);
        }
        return new ProcessRun(ProcessRun.Termination.EXITED, process.exitValue(), out, err, null);
    }

    private static Thread drain(InputStream stream, ByteArrayOutputStream sink, AtomicLong combined, AtomicBoolean overflow,
                                long cap, Process process, String name) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = stream) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    long total = combined.addAndGet(read);
                    if (total > cap) {
                        overflow.set(true);
                        kill(process);
                        return;
                    }
                    synchronized (sink) {
                        sink.write(buffer, 0, read);
                    }
                }
            } catch (IOException e) {
                // The pipe closed because the process was killed; what arrived before is kept.
            }
        }, "media-subprocess-" + name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void kill(Process process) {
        MediaProcessGuard.close(process);
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /**
     * An absolute executable that is absent or not executable, reported as the launch would have
     * been without the guard (the guard itself always starts).
     */
    private static Optional<ProcessRun> unlaunchable(String executable) {
        Path path;
        try {
            path = Path.of(executable);
        } catch (InvalidPathException e) {
            return Optional.of(new ProcessRun(ProcessRun.Termination.NOT_FOUND, -1, null, null, e.getMessage()));
        }
        if (!path.isAbsolute()) {
            return Optional.empty();
        }
        if (!Files.exists(path)) {
            return Optional.of(new ProcessRun(ProcessRun.Termination.NOT_FOUND, -1, null, null,
                    "Cannot run program \"" + executable + "\": error=2, No such file or directory"));
        }
        if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
            return Optional.of(new ProcessRun(ProcessRun.Termination.LAUNCH_FAILED, -1, null, null,
                    "Cannot run program \"" + executable + "\": error=13, Permission denied"));
        }
        return Optional.empty();
    }

    private static void join(Thread reader) {
        try {
            reader.join(READER_JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
