package com.androperator.evidence.conformance;

/** Problem paths: {@code file#/json/pointer}. */
final class Pointers {
    private Pointers() {
    }

    /** {@code file#pointer}, or just {@code file} for the document root. */
    static String at(String file, String pointer) {
        return pointer == null || pointer.isEmpty() ? file : file + "#" + pointer;
    }

    /** One JSON-pointer token (RFC 6901). */
    static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
