package com.androperator.evidence.distribution;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A program of another JDK (its jlink, its java) run to its end, its output kept in a log file. */
final class ExternalTool {
    private static final long TIMEOUT_SECONDS = 600;

    private ExternalTool() {
    }

    /** Runs COMMAND with stdin from /dev/null and stdout and stderr into LOG; fails the build unless it exits 0. */
    static void run(List<String> command, Path log, String what) throws IOException, InterruptedException {
        runAllowing(command, log, what, 0);
    }

    /** As {@link #run}, and an exit with {@code allowed} is no failure either; returns the status. */
    static int runAllowing(List<String> command, Path log, String what, int allowed)
            throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(log.toFile()).start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new BuildFailure(what + " did not end in " + TIMEOUT_SECONDS + " s: " + String.join(" ", command));
        }
        int status = process.exitValue();
        if (status != 0 && status != allowed) {
            String output = Files.readString(log, StandardCharsets.UTF_8);
            throw new BuildFailure(what + " exited " + status + ": " + String.join(" ", command) + "\n"
                    + (output.length() > 4000 ? output.substring(output.length() - 4000) : output));
        }
        return status;
    }
}
