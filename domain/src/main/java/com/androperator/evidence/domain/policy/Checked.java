package com.androperator.evidence.domain.policy;

import com.androperator.evidence.domain.port.Failure;

/** The outcome of checking one caller-supplied value: the accepted (possibly normalized) value, or why it was rejected. */
public sealed interface Checked<T> {

    /** The accepted value, or null when rejected. */
    default T valueOrNull() {
        return this instanceof Accepted<T> accepted ? accepted.value() : null;
    }

    /** Why the value was rejected, if it was. */
    default java.util.Optional<Failure> rejection() {
        return this instanceof Rejected<T> rejected ? java.util.Optional.of(rejected.failure()) : java.util.Optional.empty();
    }

    record Accepted<T>(T value) implements Checked<T> {
    }

    record Rejected<T>(Failure failure) implements Checked<T> {
        public Rejected {
            if (failure == null) {
                throw new IllegalArgumentException("a rejection has a failure");
            }
        }
    }

    static <T> Checked<T> accepted(T value) {
        return new Accepted<>(value);
    }

    static <T> Checked<T> rejected(Failure failure) {
        return new Rejected<>(failure);
    }
}
