package com.androperator.evidence.domain.model;

import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What a caller can do about a refusal, as an adapter words it: text that may name one request
 * field, which the use case spells in the calling edge's terms when it renders the hint
 * ({@code lead + name(field) + rest}). An adapter never spells an edge's option itself.
 *
 * @param lead  the text before the field (all of it when {@code field} is null)
 * @param field the request field the caller should change, or null
 * @param rest  the text after the field; empty when {@code field} is null
 */
public record Hint(String lead, @Nullable RequestField field, String rest) {
    public Hint {
        Objects.requireNonNull(lead, "lead");
        Objects.requireNonNull(rest, "rest");
    }

    /** A hint that names no request field. */
    public static Hint text(String text) {
        return new Hint(text, null, "");
    }

    /** A hint naming {@code field} between {@code lead} and {@code rest}. */
    public static Hint naming(String lead, RequestField field, String rest) {
        return new Hint(lead, Objects.requireNonNull(field, "field"), rest);
    }

    /** The hint's text with the field named by {@code names} (the edge's {@code CallerTerms::field}). */
    public String render(Function<RequestField, String> names) {
        return field == null ? lead : lead + names.apply(field) + rest;
    }
}
