package com.androperator.evidence.kit.engine;

import java.util.Objects;

/**
 * One way the implementation under test did not do what a scenario expects.
 *
 * @param check what was checked, in the contract's words
 * @param expected what the contract asks for
 * @param actual what the implementation did
 * @param codeTable whether the expectation comes from {@code ExpectedCodes} (an error code, stage or
 *     component), so that a code change of the contract shows up as exactly these findings
 */
public record Finding(String check, String expected, String actual, boolean codeTable) {
    public Finding {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(actual, "actual");
    }

    /** One line: {@code check: expected X, got Y}. */
    public String describe() {
        return check + ": expected " + expected + ", got " + actual;
    }
}
