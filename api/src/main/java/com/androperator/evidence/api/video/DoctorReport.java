package com.androperator.evidence.api.video;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The video part of {@code androperator doctor}: the advisory host.video.dependencies check. A
 * warning never blocks device readiness, and nothing is installed, with or without --fix.
 */
public record DoctorReport(List<Check> checks) {

    public DoctorReport {
        checks = List.copyOf(checks);
    }

    /**
     * @param id       "host.video.dependencies"
     * @param status   "pass" or "warn"
     * @param advisory always true: it verifies host tooling only, not that a device can record
     * @param details  for a warning, the HOST_DEPENDENCY_MISSING details (capability, dependencies, docsUrl)
     * @param hint     for a warning, installation and PATH guidance
     */
    public record Check(String id, String status, boolean advisory, String message, Map<String, Object> details,
                        @Nullable String hint) {
    }
}
