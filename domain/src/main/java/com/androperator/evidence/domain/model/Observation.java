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

    /**
     * {@code dispatched}: whether the read may have reached the device. False only when its source
     * knows nothing was sent (a request refused, or not made); a source that cannot tell says true.
     */
    record Unavailable<T>(Failure failure, boolean dispatched) implements Observation<T> {
        public Unavailable(Failure failure) {
            this(failure, true);
        }
    }

    static <T> Observation<T> of(T value) {
        return new Observed<>(value);
    }

    static <T> Observation<T> unavailable(String code, String message) {
        return new Unavailable<>(Failure.of(code, message));
    }
}
