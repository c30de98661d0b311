package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.domain.video.model.FinalizationProgress;
import com.androperator.evidence.domain.video.VideoSessions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Progress of a long operation on stderr, only when stderr is a terminal: one status line redrawn
 * in place (carriage return, erase to end of line), ended with a newline when the operation ends.
 * Stdout is never touched, so it still carries exactly the one result; a pipe or a file on stderr
 * gets nothing, so logs and scripts see no progress noise.
 */
final class TerminalProgress implements VideoSessions.StopProgress, AutoCloseable {
    /** Redraws at most this often (stop polls ten times a second) unless the phase or a count changed. */
    private static final long REDRAW_NANOS = 500_000_000L;

    private final PrintStream err;
    private String lastKey;
    private long lastDrawn;
    private boolean drawn;

    private TerminalProgress(PrintStream err) {
        this.err = err;
    }

    /** A progress line on the invocation's stderr when that is a terminal; a listener that says nothing otherwise. */
    static TerminalProgress forStderr(Io io) {
        return new TerminalProgress(io.errIsTerminal() ? io.err() : null);
    }

    /**
     * Whether file descriptor 2 is a terminal. Java has no isatty; on Linux /proc/self/fd/2 names
     * the device (a pseudo-terminal /dev/pts/N, a console /dev/ttyN). Elsewhere: no progress.
     */
    static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException notLinux) {
            return false;
        }
    }

    @Override
    public void waiting(BundleStatus status, Optional<FinalizationProgress> progress) {
        if (err == null) {
            return;
        }
        String line = progress.map(FinalizationProgress::line)
                .orElse(status.wire() + ": stop requested, waiting for the recorder to end");
        String key = progress.map(p -> p.phase() + p.framesDecoded() + "/" + p.framesEncoded()).orElse(status.wire());
        long now = System.nanoTime();
        if (key.equals(lastKey) && now - lastDrawn < REDRAW_NANOS) {
            return;
        }
        lastKey = key;
        lastDrawn = now;
        draw(line);
    }

    /** Ends the progress line, if one was drawn, so that whatever follows starts on a line of its own. */
    @Override
    public synchronized void close() {
        if (err != null && drawn) {
            err.println();
            err.flush();
            drawn = false;
        }
    }

    /**
     * For an operation that reports no steps (a capture): from one second on, "WHAT: 2.5 s elapsed of
     * its N s budget" redrawn twice a second on a terminal's stderr until closed. Nothing at all when
     * stderr is not a terminal, or for an operation that ends within the first second (a refusal).
     */
    static Ticker elapsed(Io io, String what, long budgetMs) {
        if (!io.errIsTerminal()) {
            return () -> { };
        }
        TerminalProgress line = new TerminalProgress(io.err());
        long start = System.nanoTime();
        java.util.concurrent.ScheduledExecutorService ticker = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor(task -> {
                    Thread thread = new Thread(task, "terminal-progress");
                    thread.setDaemon(true);
                    return thread;
                });
        ticker.scheduleAtFixedRate(() -> line.draw(what + ": " + FinalizationProgress.seconds(
                (System.nanoTime() - start) / 1_000_000L) + " elapsed of its " + budgetMs / 1000 + " s budget"),
                1000, REDRAW_NANOS / 1_000_000L, java.util.concurrent.TimeUnit.MILLISECONDS);
        return () -> {
            ticker.shutdownNow();
            try {
                ticker.awaitTermination(1, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            line.close();
        };
    }

    /** A running elapsed-time line; closing it stops and ends the line. */
    interface Ticker extends AutoCloseable {
        @Override
        void close();
    }

    private synchronized void draw(String text) {
        drawn = true;
        err.print("\r" + text + "\u001B[K");
        err.flush();
    }
}
