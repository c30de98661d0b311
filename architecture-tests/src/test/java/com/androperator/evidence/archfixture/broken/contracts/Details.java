package com.androperator.evidence.archfixture.broken.contracts;

import java.util.Map;

/** The shape of the product's Details: built by typed key, made into a map only for JSON. */
public final class Details {
    private final Map<String, Object> entries;

    private Details(Map<String, Object> entries) {
        this.entries = entries;
    }

    public static Details of(String key, String text) {
        return new Details(Map.of(key, text));
    }

    public static Details fromJson(Map<String, ?> json) {
        return new Details(Map.copyOf(json));
    }

    public Map<String, Object> asMap() {
        return entries;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }
}
