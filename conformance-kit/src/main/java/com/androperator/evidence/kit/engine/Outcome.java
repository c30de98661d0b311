package com.androperator.evidence.kit.engine;

import java.util.List;

/** How one scenario ended. {@code note} says why it was skipped or not run. */
public record Outcome(Scenario scenario, Status status, List<Finding> findings, long millis, String note) {
    public enum Status { PASSED, FAILED, SKIPPED }

    public Outcome {
        findings = List.copyOf(findings);
    }
}
