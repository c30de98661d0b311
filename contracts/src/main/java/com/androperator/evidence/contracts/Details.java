package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A diagnostic object as a value: the {@code details} of a failure, a captures.json record, a
 * manifest error or a command result. The domain builds one through {@link Builder}, naming each key
 * by a {@link DetailKey} and each value by its type (text, number, flag, instant, list, nested
 * object, contract record, streamed text, raw JSON), and never reads one back: there is no getter
 * by key. The map is made here, for serialization ({@link #asMap()}, Jackson's {@link JsonValue})
 * and for the edges and tests that read a written object; {@link #fromJson(Map)} takes one read
 * from JSON (keys kept as written). Insertion order is the written order; writing a key again
 * replaces its value in place.
 */
public final class Details {
    /** No diagnostics: written as {@code {}}. */
    public static final Details NONE = new Details(new LinkedHashMap<>());

    private final Map<String, Object> entries;
    private @Nullable Map<String, Object> rendered;

    private Details(LinkedHashMap<String, Object> entries) {
        this.entries = entries;
    }

    public static Builder builder() {
        return new Builder(new LinkedHashMap<>());
    }

    /** One text entry: the common {@code {"option": "--device"}} of a refusal. */
    public static Details of(DetailKey key, String text) {
        return builder().text(key, text).build();
    }

    /** A builder that starts from these entries, in their order. */
    public Builder toBuilder() {
        return new Builder(new LinkedHashMap<>(entries));
    }

    /** Details read from JSON (or made by an edge): nested objects become details, lists stay lists. */
    @JsonCreator
    public static Details fromJson(@Nullable Map<String, ?> json) {
        if (json == null || json.isEmpty()) {
            return NONE;
        }
        LinkedHashMap<String, Object> entries = new LinkedHashMap<>();
        json.forEach((key, value) -> entries.put(Objects.requireNonNull(key, "a details key"), imported(value)));
        return new Details(entries);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The JSON object: an unmodifiable map in written order, nested details as maps. */
    @JsonValue
    public Map<String, Object> asMap() {
        Map<String, Object> map = rendered;
        if (map == null) {
            LinkedHashMap<String, Object> copy = new LinkedHashMap<>();
            entries.forEach((key, value) -> copy.put(key, exported(value)));
            map = Collections.unmodifiableMap(copy);
            rendered = map;
        }
        return map;
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof Details details && asMap().equals(details.asMap());
    }

    @Override
    public int hashCode() {
        return asMap().hashCode();
    }

    @Override
    public String toString() {
        return asMap().toString();
    }

    private static Object imported(@Nullable Object value) {
        if (value instanceof Map<?, ?> map) {
            LinkedHashMap<String, Object> nested = new LinkedHashMap<>();
            map.forEach((key, inner) -> nested.put(String.valueOf(key), imported(inner)));
            return new Details(nested);
        }
        if (value instanceof List<?> list) {
            List<Object> items = new ArrayList<>(list.size());
            list.forEach(item -> items.add(imported(item)));
            return Collections.unmodifiableList(items);
        }
        return value == null ? JsonNull.INSTANCE : value;
    }

    private static @Nullable Object exported(Object value) {
        if (value instanceof Details details) {
            return details.asMap();
        }
        if (value instanceof List<?> list) {
            List<@Nullable Object> items = new ArrayList<>(list.size());
            list.forEach(item -> items.add(exported(Objects.requireNonNull(item))));
            return Collections.unmodifiableList(items);
        }
        return value == JsonNull.INSTANCE ? null : value;
    }

    /** A JSON null read from a file, kept so that it is written back as it was read. */
    private enum JsonNull { INSTANCE }

    /** Writes entries by typed key; {@code ...IfPresent} methods skip a null value. */
    public static final class Builder {
        private final LinkedHashMap<String, Object> entries;

        private Builder(LinkedHashMap<String, Object> entries) {
            this.entries = entries;
        }

        public Builder text(DetailKey key, String value) {
            return put(key, Objects.requireNonNull(value, key.json()));
        }

        public Builder textIfPresent(DetailKey key, @Nullable String value) {
            return value == null ? this : text(key, value);
        }

        /** The text, or a JSON {@code null} written under the key when there is none. */
        public Builder textOrNull(DetailKey key, @Nullable String value) {
            return put(key, value == null ? JsonNull.INSTANCE : value);
        }

        /** The text, unless the key already has a value (which then keeps its value and place). */
        public Builder textIfAbsent(DetailKey key, String value) {
            entries.putIfAbsent(key.json(), Objects.requireNonNull(value, key.json()));
            return this;
        }

        /** A text that may live outside the heap, written as a JSON string from its bytes. */
        public Builder streamedText(DetailKey key, StreamedString value) {
            return put(key, Objects.requireNonNull(value, key.json()));
        }

        /** A checked JSON value (such as the Operator's envelope), written verbatim. */
        public Builder rawJson(DetailKey key, RawJson value) {
            return put(key, Objects.requireNonNull(value, key.json()));
        }

        /** A number as given (an {@code int} stays an {@link Integer}, a {@code long} a {@link Long}). */
        public Builder number(DetailKey key, Number value) {
            return put(key, Objects.requireNonNull(value, key.json()));
        }

        public Builder numberIfPresent(DetailKey key, @Nullable Number value) {
            return value == null ? this : number(key, value);
        }

        /** The number, or a JSON {@code null} written under the key when there is none. */
        public Builder numberOrNull(DetailKey key, @Nullable Number value) {
            return put(key, value == null ? JsonNull.INSTANCE : value);
        }

        public Builder flag(DetailKey key, boolean value) {
            return put(key, value);
        }

        /** The flag, or a JSON {@code null} written under the key when there is none. */
        public Builder flagOrNull(DetailKey key, @Nullable Boolean value) {
            return put(key, value == null ? JsonNull.INSTANCE : value);
        }

        public Builder flagIfPresent(DetailKey key, @Nullable Boolean value) {
            return value == null ? this : flag(key, value);
        }

        /** An instant, written as the contracts' JSON writes instants. */
        public Builder instant(DetailKey key, Instant value) {
            return put(key, Objects.requireNonNull(value, key.json()));
        }

        public Builder texts(DetailKey key, List<String> values) {
            return put(key, List.copyOf(values));
        }

        public Builder nested(DetailKey key, Details value) {
            return put(key, Objects.requireNonNull(value, key.json()));
        }

        public Builder nestedIfPresent(DetailKey key, @Nullable Details value) {
            return value == null ? this : nested(key, value);
        }

        public Builder list(DetailKey key, List<Details> values) {
            return put(key, List.copyOf(values));
        }

        /** A contract record (for example a {@link SourceInspection}), written as its JSON. */
        public Builder record(DetailKey key, Record value) {
            Checks.check(value.getClass().getPackageName().equals(Details.class.getPackageName()),
                    "only a contract record is written into details: " + value.getClass().getName());
            return put(key, value);
        }

        /** Every entry of {@code other}, in its order, replacing this builder's value of the same key. */
        public Builder all(Details other) {
            entries.putAll(other.entries);
            return this;
        }

        public Builder without(DetailKey key) {
            entries.remove(key.json());
            return this;
        }

        public Details build() {
            return entries.isEmpty() ? NONE : new Details(new LinkedHashMap<>(entries));
        }

        private Builder put(DetailKey key, Object value) {
            entries.put(key.json(), value);
            return this;
        }
    }
}
