package com.androperator.evidence.domain.model;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a caller gave for each {@link RequestField}, as the edge converted it and before the use
 * case checks it: each value of its field's {@link RequestField.Kind} (a {@code String}, a
 * {@code Long}, or for a JSON object whatever the caller passed, which the use case refuses unless
 * it is a map). A field left out has no value. Immutable: {@link #with} returns a new set.
 */
public final class RequestValues {
    private static final RequestValues NONE = new RequestValues(new EnumMap<>(RequestField.class));

    private final Map<RequestField, Object> given;

    private RequestValues(EnumMap<RequestField, Object> given) {
        this.given = Collections.unmodifiableMap(given);
    }

    /** No field given. */
    public static RequestValues none() {
        return NONE;
    }

    /** These values and {@code value} for {@code field}; null leaves the field out. */
    public RequestValues with(RequestField field, @Nullable Object value) {
        Objects.requireNonNull(field, "field");
        if (value != null && !fits(field.kind(), value)) {
            throw new IllegalArgumentException(field + " takes " + field.kind() + ", not " + value.getClass().getName());
        }
        EnumMap<RequestField, Object> next = given.isEmpty() ? new EnumMap<>(RequestField.class) : new EnumMap<>(given);
        if (value == null) {
            next.remove(field);
        } else {
            next.put(field, value);
        }
        return new RequestValues(next);
    }

    /** These values, each field left out here taken from {@code fallback} when it has one there. */
    public RequestValues orElse(RequestValues fallback) {
        RequestValues merged = this;
        for (Map.Entry<RequestField, Object> entry : fallback.given.entrySet()) {
            if (!given.containsKey(entry.getKey())) {
                merged = merged.with(entry.getKey(), entry.getValue());
            }
        }
        return merged;
    }

    /** A {@link RequestField.Kind#TEXT} field's value, null when left out. */
    public @Nullable String text(RequestField field) {
        return field.kind() == RequestField.Kind.TEXT ? (String) given.get(field) : wrongKind(field, "text");
    }

    /** An {@link RequestField.Kind#INTEGER} field's value, null when left out. */
    public @Nullable Long integer(RequestField field) {
        return field.kind() == RequestField.Kind.INTEGER ? (Long) given.get(field) : wrongKind(field, "integer");
    }

    /** A {@link RequestField.Kind#JSON_OBJECT} field's value as the caller passed it, null when left out. */
    public @Nullable Object json(RequestField field) {
        return field.kind() == RequestField.Kind.JSON_OBJECT ? given.get(field) : wrongKind(field, "json");
    }

    public boolean has(RequestField field) {
        return given.containsKey(field);
    }

    private static boolean fits(RequestField.Kind kind, Object value) {
        return switch (kind) {
            case TEXT -> value instanceof String;
            case INTEGER -> value instanceof Long;
            case JSON_OBJECT -> true;
        };
    }

    private static <T> T wrongKind(RequestField field, String read) {
        throw new IllegalArgumentException(field + " is " + field.kind() + ", not read as " + read);
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof RequestValues values && values.given.equals(given);
    }

    @Override
    public int hashCode() {
        return given.hashCode();
    }

    @Override
    public String toString() {
        return "RequestValues" + given.keySet();
    }
}
