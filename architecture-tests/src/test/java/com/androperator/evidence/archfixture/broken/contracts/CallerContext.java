package com.androperator.evidence.archfixture.broken.contracts;

import java.util.Map;

/** The shape of the product's CallerContext: a copy of the caller's object, a map only for JSON. */
public final class CallerContext {
    public static final CallerContext EMPTY = new CallerContext(Map.of());

    private final Map<String, Object> members;

    private CallerContext(Map<String, Object> members) {
        this.members = members;
    }

    public static CallerContext copyOf(Map<?, ?> json) {
        return json.isEmpty() ? EMPTY : new CallerContext(Map.of());
    }

    public Map<String, Object> asMap() {
        return members;
    }

    public boolean isEmpty() {
        return members.isEmpty();
    }
}
