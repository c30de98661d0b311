package com.androperator.evidence.archfixture.clean.domain.model;

import java.util.List;
import java.util.Map;

/**
 * What domainSpeaksInTypes allows: a record whose map has typed values, and a class (not a record)
 * that keeps a map of anything for itself.
 */
public record Labels(Map<String, String> byKey, List<Map<String, Integer>> counts) {

    /** Not a record: its working map is its own business. */
    static final class Scratch {
        private final Map<String, Object> notes = new java.util.HashMap<>();

        int size() {
            return notes.size();
        }
    }
}
