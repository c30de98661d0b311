package com.androperator.evidence.viewer;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON document as the viewer keeps it: whatever shape the file has (the verifier, not the viewer,
 * judges conformance), with numbers kept as their source text so that a caller's context is shown
 * exactly as given, and with what was left out to bound memory counted rather than silently lost.
 */
sealed interface JsonValue {

    /** Members in file order; {@code omitted} members were not kept (over the reader's budget). */
    record Obj(Map<String, JsonValue> members, long omitted) implements JsonValue {
        public Obj {
            members = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(members));
        }
    }

    /** Items in file order; {@code omitted} items were not kept. */
    record Arr(List<JsonValue> items, long omitted) implements JsonValue {
        public Arr {
            items = List.copyOf(items);
        }
    }

    /** A string, or its first characters when {@code omittedChars} more were not kept. */
    record Str(String value, long omittedChars) implements JsonValue {
        boolean complete() {
            return omittedChars == 0;
        }
    }

    /** A number exactly as written in the file. */
    record Num(String text) implements JsonValue {
        Optional<Long> asLong() {
            try {
                return Optional.of(Long.parseLong(text));
            } catch (NumberFormatException e) {
                try {
                    java.math.BigDecimal decimal = new java.math.BigDecimal(text);
                    return Optional.of(decimal.longValueExact());
                } catch (ArithmeticException | NumberFormatException notWhole) {
                    return Optional.empty();
                }
            }
        }
    }

    record Bool(boolean value) implements JsonValue {
    }

    record Null() implements JsonValue {
    }

    /** A value nested deeper than the reader keeps. */
    record TooDeep() implements JsonValue {
    }

    /** The member {@code name} of an object; empty for anything else or when absent. */
    default Optional<JsonValue> get(String name) {
        return this instanceof Obj object ? Optional.ofNullable(object.members().get(name)) : Optional.empty();
    }

    /** The member {@code name} when it is a string kept whole. */
    default Optional<String> text(String name) {
        return get(name).flatMap(JsonValue::asText);
    }

    /** The member {@code name} when it is a whole number. */
    default Optional<Long> whole(String name) {
        return get(name).flatMap(value -> value instanceof Num number ? number.asLong() : Optional.empty());
    }

    /** This value when it is a string kept whole. */
    default Optional<String> asText() {
        return this instanceof Str string && string.complete() ? Optional.of(string.value()) : Optional.empty();
    }

    /** The items of an array member; empty for anything else. */
    default List<JsonValue> items(String name) {
        return get(name).map(JsonValue::items).orElse(List.of());
    }

    /** The items of this array; empty for anything else. */
    default List<JsonValue> items() {
        return this instanceof Arr array ? array.items() : List.of();
    }

    default boolean isObject() {
        return this instanceof Obj;
    }
}
