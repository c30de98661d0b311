package com.androperator.evidence.simulator.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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
     * @param lastStatusAt for each word, the offsets where an expanded {@code $?} stands in it
     *                     (a quoted or escaped one is only text)
     */
    public record Step(Connector connector, List<String> argv, List<Set<Integer>> lastStatusAt) {
        public Step {
            Objects.requireNonNull(connector, "connector");
            argv = List.copyOf(argv);
            lastStatusAt = lastStatusAt.stream().map(Set::copyOf).toList();
            if (argv.isEmpty()) {
                throw new IllegalArgumentException("a step needs at least one word");
            }
            if (lastStatusAt.size() != argv.size()) {
                throw new IllegalArgumentException("where $? stands is said for each word");
            }
            for (int word = 0; word < argv.size(); word++) {
                for (int offset : lastStatusAt.get(word)) {
                    if (!argv.get(word).startsWith("$?", offset)) {
                        throw new IllegalArgumentException("no $? at " + offset + " of " + argv.get(word));
                    }
                }
            }
        }

        /** A step without {@code $?}. */
        public Step(Connector connector, List<String> argv) {
            this(connector, argv, argv.stream().map(word -> Set.<Integer>of()).toList());
        }

        /** The words with each expanded {@code $?} replaced by {@code lastStatus}, as the shell runs them. */
        public List<String> argv(int lastStatus) {
            List<String> expanded = new ArrayList<>(argv.size());
            for (int word = 0; word < argv.size(); word++) {
                String text = argv.get(word);
                StringBuilder out = new StringBuilder();
                int from = 0;
                for (int offset : lastStatusAt.get(word).stream().sorted().toList()) {
                    out.append(text, from, offset).append(lastStatus);
                    from = offset + 2;
                }
                expanded.add(out.append(text, from, text.length()).toString());
            }
            return List.copyOf(expanded);
        }
    }
}
