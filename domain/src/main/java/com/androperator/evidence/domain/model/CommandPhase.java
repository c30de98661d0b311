package com.androperator.evidence.domain.model;

/**
 * Where a device command stood when it ended without an answer (a timeout or the caller's
 * cancellation): the {@code phase} captures.json records beside its dispatch state. One list for
 * every step and adapter, so that each phase has one spelling; {@link #wire()} is that spelling.
 */
public enum CommandPhase {
    /** The capture never started it: the caller had cancelled first. */
    NOT_STARTED("not_started"),
    /** The budget left was below what the command needs; nothing was sent. */
    BUDGET_CHECK("budget_check"),
    /** A metadata read whose socket the cancellation closed. */
    IN_FLIGHT("in_flight"),
    /** The screenshot helper was reading dumpsys display to choose the display. */
    DISPLAY_SELECTION("display_selection"),
    /** The screenshot bytes were being read. */
    TRANSFER("transfer"),
    /** The Operator's package was being checked as installed. */
    INSTALLED_CHECK("installed_check"),
    /** The Operator's result reader was being started. */
    READER_START("reader_start"),
    /** The Operator command was being broadcast. */
    DISPATCH("dispatch"),
    /** The Operator's result was awaited. */
    AWAIT_RESULT("await_result"),
    /** The gateway itself failed: where the command stood is unknown (it counts as dispatched). */
    UNKNOWN("unknown");

    private final String wire;

    CommandPhase(String wire) {
        this.wire = wire;
    }

    /** The phase as captures.json spells it. */
    public String wire() {
        return wire;
    }
}
