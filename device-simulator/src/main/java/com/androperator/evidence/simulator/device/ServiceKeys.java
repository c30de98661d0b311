package com.androperator.evidence.simulator.device;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Matches a command to the service names of a profile's {@code latencyMs} and {@code faults}:
 * the longest run of leading words that is a key wins, so "wm size" beats "wm".
 */
public final class ServiceKeys {

    private static final int MAX_WORDS = 3;

    private ServiceKeys() {}

    public static Optional<String> match(List<String> argv, Set<String> keys) {
        if (argv.isEmpty() || keys.isEmpty()) {
            return Optional.empty();
        }
        for (int words = Math.min(MAX_WORDS, argv.size()); words >= 1; words--) {
            StringBuilder key = new StringBuilder(commandName(argv.get(0)));
            for (int i = 1; i < words; i++) {
                key.append(' ').append(argv.get(i));
            }
            if (keys.contains(key.toString())) {
                return Optional.of(key.toString());
            }
        }
        return Optional.empty();
    }

    /** {@code /system/bin/screencap} runs the same program as {@code screencap}. */
    public static String commandName(String word) {
        return word.substring(word.lastIndexOf('/') + 1);
    }
}
