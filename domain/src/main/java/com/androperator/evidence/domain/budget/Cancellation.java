package com.androperator.evidence.domain.budget;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A caller's request to stop device work now, shared by whoever may cancel (a signal handler, a
 * server shutting down, a Java caller) and the adapters doing the work. Adapters register what
 * ends their blocking call (closing its socket) with {@link #onCancel}; {@link #cancel} runs every
 * registered action at once on the cancelling thread, so a blocked read returns immediately
 * instead of at the end of the budget. The first cancellation wins and is remembered with who
 * asked for it (e.g. {@code "SIGINT"}); later ones change nothing.
 *
 * <p>Cancellation is not expiry: {@link Deadline#expired()} stays about time, and the capture
 * records cancelled work as COMMAND_CANCELLED, never COMMAND_TIMEOUT. It stops device work only;
 * what was already captured is still written and the manifest still finalized.
 */
public final class Cancellation {
    private final Object lock = new Object();
    private final List<Registration> registrations = new ArrayList<>();
    private @Nullable String cancelledBy;

    /**
     * Cancels, naming who asked ({@code "SIGINT"}, {@code "SIGTERM"}, {@code "stdin closed"}, a
     * caller's own words). Runs every registered action before it returns.
     *
     * @return true when this call cancelled, false when it was already cancelled
     */
    public boolean cancel(String requester) {
        if (requester == null || requester.isBlank()) {
            throw new IllegalArgumentException("a cancellation names who asked for it");
        }
        List<Registration> toRun;
        synchronized (lock) {
            if (cancelledBy != null) {
                return false;
            }
            cancelledBy = requester;
            toRun = List.copyOf(registrations);
            registrations.clear();
        }
        runAll(toRun);
        return true;
    }

    public boolean isCancelled() {
        synchronized (lock) {
            return cancelledBy != null;
        }
    }

    /** Who cancelled, once cancelled. */
    public Optional<String> cancelledBy() {
        synchronized (lock) {
            return Optional.ofNullable(cancelledBy);
        }
    }

    /**
     * Runs {@code action} when this is cancelled: at once, on this thread, when it already is.
     * Close the returned registration when the work it guards is over, so a later cancellation
     * leaves that work alone. Callers check {@link #isCancelled()} after registering: a
     * cancellation that came first has already run the action.
     */
    public Registration onCancel(Runnable action) {
        Registration registration = new Registration(action);
        synchronized (lock) {
            if (cancelledBy == null) {
                registrations.add(registration);
                return registration;
            }
        }
        runAll(List.of(registration));
        return registration;
    }

    /** Runs every action even when one throws (a bug), then rethrows the first with the others suppressed. */
    private static void runAll(List<Registration> toRun) {
        RuntimeException first = null;
        for (Registration registration : toRun) {
            try {
                registration.action.run();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** One registered action; closing it unregisters the action (idempotent). */
    public final class Registration implements AutoCloseable {
        private final Runnable action;

        private Registration(Runnable action) {
            this.action = java.util.Objects.requireNonNull(action, "action");
        }

        @Override
        public void close() {
            synchronized (lock) {
                registrations.remove(this);
            }
        }
    }
}
