package com.androperator.evidence.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The problems one verification found, in the order the rules found them. Each code keeps at most
 * {@value #MAX_PER_CODE} problems and then counts the rest, so a bundle with a million stray files
 * costs a counter, not a million entries.
 */
final class Findings {
    static final int MAX_PER_CODE = 1000;

    private final List<Problem> problems = new ArrayList<>();
    private final Map<String, Integer> perCode = new LinkedHashMap<>();

    void add(String code, String path, String message) {
        int seen = perCode.merge(code, 1, Integer::sum);
        if (seen <= MAX_PER_CODE) {
            problems.add(new Problem(code, path, message));
        }
    }

    VerificationReport report() {
        List<Problem> all = new ArrayList<>(problems);
        perCode.forEach((code, count) -> {
            if (count > MAX_PER_CODE) {
                all.add(new Problem(code, ".", (count - MAX_PER_CODE) + " more " + code + " problems are not listed"));
            }
        });
        return VerificationReport.of(all);
    }
}
