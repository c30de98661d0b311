package com.androperator.evidence.cli;

import java.io.PrintStream;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * SIGINT (Ctrl-C) and SIGTERM while a command must finish what it started: the first signal is
 * handed to {@code onFirst} (a capture cancels its device work; a video start lets its start
 * settle) and decides the exit status, 130 or 143; later signals are reported on stderr and
 * ignored, so that a second Ctrl-C cannot cut the atomic finalization of the bundle short.
 *
 * <p>Why {@code sun.misc.Signal} (module jdk.unsupported, part of every JDK 17) rather than a
 * shutdown hook: a hook runs when the JVM is already exiting. It cannot tell SIGINT from SIGTERM,
 * yet the bundle names who cancelled and the exit status differs; the main thread could not call
 * System.exit with its own status (that blocks during shutdown); and a second signal cannot be
 * ignored. A handler installed for the duration of the command instead leaves the main thread
 * running: it finalizes the manifest, prints the result object and chooses the exit status. The
 * signals come from a {@link SignalSource}: the process's own, or a daemon client's.
 */
final class Interruption implements AutoCloseable {
    private final PrintStream err;
    private final Consumer<String> onFirst;
    private final String firstNote;
    private SignalSource.Subscription subscription;
    private String received;
    private int status;

    private Interruption(PrintStream err, Consumer<String> onFirst, String firstNote) {
        this.err = err;
        this.onFirst = onFirst;
        this.firstNote = firstNote;
    }

    /**
     * Installs the handlers until {@link #close()}. {@code onFirst} receives the signal's name
     * ({@code "SIGINT"}, {@code "SIGTERM"}) on the signal thread; {@code firstNote} is told on
     * stderr after that name.
     */
    static Interruption install(Io io, String firstNote, Consumer<String> onFirst) {
        Interruption interruption = new Interruption(io.err(), onFirst, firstNote);
        interruption.subscription = io.signals().subscribe(interruption::handle);
        return interruption;
    }

    private void handle(String name, int number) {
        synchronized (this) {
            if (received != null) {
                err.println("androperator: " + name + " ignored: finishing after " + received
                        + " (the bundle is written atomically; kill -9 ends the process at once)");
                return;
            }
            received = name;
            // The shell's convention for a process ended by a signal: 128 + its number.
            status = 128 + number;
        }
        err.println("androperator: " + name + ": " + firstNote);
        onFirst.accept(name);
    }

    /** The exit status the first signal asks for (130 for SIGINT, 143 for SIGTERM), if one arrived. */
    synchronized Optional<Integer> exitStatus() {
        return received == null ? Optional.empty() : Optional.of(status);
    }

    /** The exit status: the signal's when one arrived, else {@code otherwise}. */
    int exitStatus(int otherwise) {
        return exitStatus().orElse(otherwise);
    }

    /**
     * Puts the previous handlers back when no signal came. After one, the handlers stay: the
     * process is about to exit with the signal's status, and a signal arriving meanwhile must not
     * replace that status with the JVM's own.
     */
    @Override
    public void close() {
        if (exitStatus().isEmpty()) {
            subscription.close();
        }
    }
}
