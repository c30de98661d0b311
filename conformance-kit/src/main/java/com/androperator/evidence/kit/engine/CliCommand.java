package com.androperator.evidence.kit.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The words the kit appends to the CLI prefix: a command and its options, changed one at a time. */
public final class CliCommand {
    private final List<String> words;
    private final Map<String, String> options = new LinkedHashMap<>();

    private CliCommand(List<String> words) {
        this.words = List.copyOf(words);
    }

    public static CliCommand of(String... words) {
        return new CliCommand(List.of(words));
    }

    /** Sets (or replaces, keeping its place) {@code --option VALUE}. */
    public CliCommand set(String option, String value) {
        options.put(option, value);
        return this;
    }

    public CliCommand remove(String option) {
        options.remove(option);
        return this;
    }

    public String get(String option) {
        return options.get(option);
    }

    public List<String> args() {
        List<String> args = new ArrayList<>(words);
        options.forEach((option, value) -> {
            args.add(option);
            args.add(value);
        });
        return args;
    }

    @Override
    public String toString() {
        return String.join(" ", args());
    }
}
