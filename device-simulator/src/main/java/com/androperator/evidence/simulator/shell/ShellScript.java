package com.androperator.evidence.simulator.shell;

import java.util.List;
import java.util.Objects;

/**
 * A parsed command line: simple commands joined by {@code ;}, {@code &&} or {@code ||}.
 *
 * @param steps in order; empty for a blank line
 */
public record ShellScript(List<Step> steps) {

    public ShellScript {
        steps = List.copyOf(steps);
    }

    /** How a step relates to the one before it. */
    public enum Connector {
        /** First step, or after {@code ;}: always runs. */
        ALWAYS,
        /** After {@code &&}: runs when the previous status was 0. */
        IF_SUCCESS,
        /** After {@code ||}: runs when the previous status was not 0. */
        IF_FAILURE
    }

    /**
     * One simple command.
     *
     * @param connector how it depends on the previous step's status
     * @param argv the words after quote removal, never empty
     */
    public record Step(Connector connector, List<String> argv) {
        public Step {
            Objects.requireNonNull(connector, "connector");
            argv = List.copyOf(argv);
            if (argv.isEmpty()) {
                throw new IllegalArgumentException("a step needs at least one word");
            }
        }
    }
}
