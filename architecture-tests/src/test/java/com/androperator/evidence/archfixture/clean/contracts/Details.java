package com.androperator.evidence.archfixture.clean.contracts;

/** Diagnostics as the domain may use them: built by typed key, asked only whether any were given. */
public record Details(String key, String text) {
    public static Details of(String key, String text) {
        return new Details(key, text);
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }
}
