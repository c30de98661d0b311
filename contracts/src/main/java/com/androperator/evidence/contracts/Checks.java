package com.androperator.evidence.contracts;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** Invariant checks shared by the contract records' compact constructors. */
final class Checks {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    /** Host UTC ISO-8601 with a Z suffix, as Instant#toString writes it; the same pattern as the schemas' timestamp. */
    private static final Pattern UTC_TIMESTAMP = Pattern.compile(
            "[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,9})?Z");

    private Checks() {
    }

    static <T> T required(@Nullable T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }

    /** Non-blank as the schemas' {@code \S} means it ({@link NonBlank}), so record and schema agree. */
    static String nonBlank(@Nullable String value, String name) {
        if (value == null || !NonBlank.isNonBlank(value)) {
            throw new IllegalArgumentException(name + " must be a non-blank string");
        }
        return value;
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    static boolean isSha256(@Nullable String value) {
        return value != null && SHA256.matcher(value).matches();
    }

    static boolean isUtcTimestamp(@Nullable String value) {
        return value != null && UTC_TIMESTAMP.matcher(value).matches();
    }

    static String utcTimestamp(@Nullable String value, String name) {
        if (value == null || !isUtcTimestamp(value)) {
            throw new IllegalArgumentException(name + " must be a UTC ISO-8601 timestamp ending in Z: " + value);
        }
        return value;
    }

    /** Bundle-relative: no leading slash, no backslash, no empty, "." or ".." segment. */
    static boolean isBundleRelative(@Nullable String path) {
        if (path == null || path.isEmpty() || path.startsWith("/") || path.indexOf('\\') >= 0) {
            return false;
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }
}
