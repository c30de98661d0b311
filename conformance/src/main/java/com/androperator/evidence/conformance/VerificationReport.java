package com.androperator.evidence.conformance;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/** The outcome of verifying one bundle: {@code ok} exactly when there are no problems. */
@JsonPropertyOrder({"ok", "problems"})
public record VerificationReport(boolean ok, List<Problem> problems) {
    public VerificationReport {
        problems = List.copyOf(problems);
        if (ok != problems.isEmpty()) {
            throw new IllegalArgumentException("a report is ok exactly when it lists no problems");
        }
    }

    public static VerificationReport of(List<Problem> problems) {
        return new VerificationReport(problems.isEmpty(), problems);
    }

    /** Whether some problem has {@code code} and is about {@code file}. */
    @JsonIgnore
    public boolean has(String code, String file) {
        return problems.stream().anyMatch(p -> p.code().equals(code) && p.file().equals(file));
    }
}
