package com.androperator.evidence.kit.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The findings of one scenario. A check that fails adds a finding and the scenario goes on, so that
 * a report lists every way an implementation broke the contract, not only the first; {@link #require}
 * ends the scenario when nothing after it could be judged.
 */
public final class Verdict {
    private final List<Finding> findings = new ArrayList<>();

    /** Records a finding unless {@code passed}; returns {@code passed}. */
    public boolean check(boolean passed, String check, Object expected, Object actual) {
        if (!passed) {
            findings.add(new Finding(check, String.valueOf(expected), String.valueOf(actual), false));
        }
        return passed;
    }

    /** {@link #check} with {@code expected.equals(actual)}. */
    public boolean equal(String check, Object expected, Object actual) {
        return check(Objects.equals(expected, actual), check, show(expected), show(actual));
    }

    /** A check whose expectation is a row of {@code ExpectedCodes}. */
    public boolean codeEqual(String check, Object expected, Object actual) {
        boolean passed = Objects.equals(expected, actual);
        if (!passed) {
            findings.add(new Finding(check, show(expected), show(actual), true));
        }
        return passed;
    }

    /** A code-table finding whose actual side is a description (no single value to compare). */
    public void codeMissing(String check, String expected, String actual) {
        findings.add(new Finding(check, expected, actual, true));
    }

    /** Records the finding and ends the scenario when {@code passed} is false. */
    public void require(boolean passed, String check, Object expected, Object actual) {
        if (!check(passed, check, expected, actual)) {
            throw new ScenarioAbort();
        }
    }

    public List<Finding> findings() {
        return List.copyOf(findings);
    }

    public boolean passed() {
        return findings.isEmpty();
    }

    void add(Finding finding) {
        findings.add(finding);
    }

    private static String show(Object value) {
        return value instanceof String text ? "\"" + text + "\"" : String.valueOf(value);
    }

    /** Thrown by {@link #require}: the finding is recorded, the rest of the scenario cannot be judged. */
    public static final class ScenarioAbort extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ScenarioAbort() {
            super(null, null, false, false);
        }
    }
}
