package com.androperator.evidence.conformance;

import com.androperator.evidence.conformance.content.ContentVerdict;
import com.androperator.evidence.contracts.Manifest;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One verification in progress, shared by the rules in the order {@link BundleVerifier} runs
 * them: the bundle's files, the findings so far, and what earlier rules established (the
 * manifest, each listed file's facts) for later ones.
 */
final class Verification {
    /** What one pass over a listed file established. */
    record FileFacts(long size, String sha256, ContentVerdict content, JsonNode json) {
    }

    final BundleFiles files;
    final Findings findings;
    /** Also require what the current writer always records (image geometry on complete screenshots). */
    final boolean strict;
    /** The manifest as a contract record; null when it is missing or does not satisfy the record. */
    Manifest manifest;
    /** Facts of each listed file read so far, by bundle-relative path. */
    final Map<String, FileFacts> facts = new HashMap<>();

    Verification(BundleFiles files, Findings findings, boolean strict) {
        this.files = files;
        this.findings = findings;
        this.strict = strict;
    }

    void add(String code, String path, String message) {
        findings.add(code, path, message);
    }

    /** startedAt is not after finishedAt; each is a valid instant. */
    void checkOrder(String pointer, String startedAt, String finishedAt) {
        if (startedAt == null || finishedAt == null) {
            return;
        }
        try {
            if (Instant.parse(startedAt).isAfter(Instant.parse(finishedAt))) {
                add("TIME_ORDER", pointer, "startedAt " + startedAt + " is after finishedAt " + finishedAt);
            }
        } catch (DateTimeParseException e) {
            add("SCHEMA", pointer, "not a valid instant: " + e.getParsedString());
        }
    }

    static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }
}
