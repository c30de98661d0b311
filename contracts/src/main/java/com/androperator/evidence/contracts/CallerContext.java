package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The caller's context as a value: the free-form JSON object a caller attaches to a capture or a
 * recording, written into the manifest's {@code context} exactly as given (keys in the caller's
 * order, values unchanged, a JSON null kept). It is a deep read-only copy, so that a caller who
 * changes its own object afterwards cannot change what the evidence records. What a context may
 * hold (size, depth, text) is the request's rules to check before one is made; this value only
 * carries an accepted one. The map is made here, for the manifest writer ({@link #asMap()},
 * Jackson's {@link JsonValue}) and for the edges and tests that read one.
 */
public final class CallerContext {
    /** No context given: written as {@code {}}. */
    public static final CallerContext EMPTY = new CallerContext(Map.of());

    private final Map<String, Object> members;

    private CallerContext(Map<String, Object> members) {
        this.members = members;
    }

    /**
     * A deep read-only copy of a JSON object tree (string keys; maps, lists, text, numbers, flags
     * and nulls as values), in its key order.
     */
    @JsonCreator
    public static CallerContext copyOf(@Nullable Map<?, ?> json) {
        if (json == null || json.isEmpty()) {
            return EMPTY;
        }
        return new CallerContext(copiedObject(json));
    }

    /**
     * This context with the text member {@code name} after the caller's own members: what a request
     * field that lands in the context adds (a caller's own member of that name gives way to it).
     * The context's size limit is the caller's to check again on the result.
     */
    public CallerContext withText(String name, String text) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(text, "text");
        LinkedHashMap<String, Object> copy = new LinkedHashMap<>(members);
        copy.remove(name);
        copy.put(name, text);
        return new CallerContext(Collections.unmodifiableMap(copy));
    }

    public boolean isEmpty() {
        return members.isEmpty();
    }

    /** The JSON object: an unmodifiable map in the caller's order. */
    @JsonValue
    public Map<String, Object> asMap() {
        return members;
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof CallerContext context && members.equals(context.members);
    }

    @Override
    public int hashCode() {
        return members.hashCode();
    }

    @Override
    public String toString() {
        return members.toString();
    }

    private static Map<String, Object> copiedObject(Map<?, ?> object) {
        LinkedHashMap<String, Object> copy = new LinkedHashMap<>();
        object.forEach((key, inner) -> {
            Checks.check(key instanceof String, "a context key is text");
            copy.put((String) key, copiedValue(inner));
        });
        return Collections.unmodifiableMap(copy);
    }

    /** A member, copied as {@link #copyOf} says; JSON null stays null. */
    private static @Nullable Object copiedValue(@Nullable Object value) {
        if (value instanceof Map<?, ?> object) {
            return copiedObject(object);
        }
        if (value instanceof List<?> array) {
            List<@Nullable Object> copy = new ArrayList<>(array.size());
            array.forEach(inner -> copy.add(copiedValue(inner)));
            return Collections.unmodifiableList(copy);
        }
        return value;
    }
}
