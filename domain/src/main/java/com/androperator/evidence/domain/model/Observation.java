package com.androperator.evidence.domain.model;

/** One metadata read: the value, or why it is unavailable (COMMAND_TIMEOUT, METADATA_UNAVAILABLE, ...). */
public sealed interface Observation<T> {
    record Observed<T>(T value) implements Observation<T> {
        public Observed {
            if (value == null) {
                throw new IllegalArgumentException("an observation has a value");
            }
        }
    }

    record Unavailable<T>(Failure failure) implements Observation<T> {
    }

    static <T> Observation<T> of(T value) {
        return new Observed<>(value);
    }

    static <T> Observation<T> unavailable(String code, String message) {
        return new Unavailable<>(Failure.of(code, message));
    }
}
