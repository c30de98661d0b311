package com.androperator.evidence.domain.port.video;

/** Waits between polls of files and processes; tests may substitute a faster one. */
@FunctionalInterface
public interface Pause {
    void pause(long millis);

    Pause SYSTEM = millis -> {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // Keep the interrupt for the caller's loop; the poll simply ends early.
            Thread.currentThread().interrupt();
        }
    };
}
