package com.androperator.evidence.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code --open}: hands the written page to the desktop's opener, {@code xdg-open} (freedesktop)
 * or {@code open} (macOS), found on PATH. The opener normally returns once it has passed the file
 * on; the command waits a few seconds for that, so that a failing opener is reported, and then
 * leaves it running. Failing to open never fails the command: the page is written.
 */
final class PageOpener {
    private static final String[] OPENERS = {"xdg-open", "open"};
    private static final long WAIT_SECONDS = 5;

    private PageOpener() {
    }

    /** {@code opened} is the opener used, or false; {@code hint} says what to do when it is not true. */
    record Opened(Object opened, String hint) {
    }

    static Opened open(Path page, String path) {
        Path opener = find(path);
        if (opener == null) {
            return new Opened(false, "Neither xdg-open nor open is on PATH: open " + page + " in a browser.");
        }
        try {
            Process process = new ProcessBuilder(opener.toString(), page.toString())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS) && process.exitValue() != 0) {
                return new Opened(false, opener.getFileName() + " exited " + process.exitValue() + ": open " + page
                        + " in a browser.");
            }
            return new Opened(opener.getFileName().toString(), null);
        } catch (IOException e) {
            return new Opened(false, opener + " could not be started (" + e.getMessage() + "): open " + page + " in a browser.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Opened(opener.getFileName().toString(), null);
        }
    }

    private static Path find(String path) {
        if (path == null) {
            return null;
        }
        for (String name : OPENERS) {
            for (String directory : path.split(File.pathSeparator)) {
                if (directory.isEmpty()) {
                    continue;
                }
                Path candidate = Path.of(directory, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
