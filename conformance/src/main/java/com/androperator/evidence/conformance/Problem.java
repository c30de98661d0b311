package com.androperator.evidence.conformance;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One way a bundle does not conform. {@code code} is an UPPER_SNAKE word (SCHEMA, HASH_MISMATCH,
 * ...); {@code path} is a bundle-relative file name, optionally followed by {@code #} and a JSON
 * pointer into that file ({@code manifest.json#/artifacts/0/status}); "." is the bundle directory.
 */
public record Problem(String code, String path, String message) {
    private static final Pattern UPPER_SNAKE = Pattern.compile("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*");

    public Problem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
        if (code == null || !UPPER_SNAKE.matcher(code).matches()) {
            throw new IllegalArgumentException("a problem code is an UPPER_SNAKE word: " + code);
        }
    }

    /** The file this problem is about, without any JSON pointer. */
    public String file() {
        int hash = path.indexOf('#');
        return hash < 0 ? path : path.substring(0, hash);
    }
}
