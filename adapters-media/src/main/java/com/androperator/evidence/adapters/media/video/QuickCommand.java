package com.androperator.evidence.adapters.media.video;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** A short host command (kill(1), a probe of env(1)) whose only answer is its exit status. */
final class QuickCommand {
    private static final long LIMIT_SECONDS = 5;

    private QuickCommand() {
    }

    /** Whether {@code command} started and exited 0 within five seconds; one still running then is killed. */
    static boolean succeeds(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
