package com.androperator.evidence.domain.model;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of checking one caller-supplied value: the accepted (possibly normalized) value, or
 * why it was rejected. {@link #map} and {@link #flatMap} chain checks without casting: a rejection
 * passes through unchanged, so the first failure is the one reported.
 */
public sealed interface Checked<T> {

    /** The accepted value, or null when rejected (or when the check accepted an absent value). */
    default @Nullable T valueOrNull() {
        return this instanceof Accepted<T> accepted ? accepted.value() : null;
    }

    /** Why the value was rejected, if it was. */
    default Optional<Failure> rejection() {
        return this instanceof Rejected<T> rejected ? Optional.of(rejected.failure()) : Optional.empty();
    }

    /** The accepted value transformed by {@code mapper}; a rejection stays the same rejection. */
    default <U> Checked<U> map(Function<? super T, ? extends U> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        if (this instanceof Accepted<T> accepted) {
            return new Accepted<>(mapper.apply(accepted.value()));
        }
        return new Rejected<>(((Rejected<T>) this).failure());
    }

    /** The next check of the accepted value; a rejection stays the same rejection and the next check never runs. */
    default <U> Checked<U> flatMap(Function<? super T, ? extends Checked<? extends U>> next) {
        Objects.requireNonNull(next, "next");
        if (this instanceof Accepted<T> accepted) {
            Checked<? extends U> checked = Objects.requireNonNull(next.apply(accepted.value()), "next returned null");
            return checked.map(Function.identity());
        }
        return new Rejected<>(((Rejected<T>) this).failure());
    }

    /** An accepted value; null where the check accepts an absent one (an omitted label, no serial). */
    record Accepted<T>(@Nullable T value) implements Checked<T> {
    }

    record Rejected<T>(Failure failure) implements Checked<T> {
        public Rejected {
            if (failure == null) {
                throw new IllegalArgumentException("a rejection has a failure");
            }
        }
    }

    static <T> Checked<T> accepted(@Nullable T value) {
        return new Accepted<>(value);
    }

    static <T> Checked<T> rejected(Failure failure) {
        return new Rejected<>(failure);
    }
}
