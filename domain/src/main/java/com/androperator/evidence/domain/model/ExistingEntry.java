package com.androperator.evidence.domain.model;

/**
 * What already stands where a new bundle directory was asked for, in the words a refusal's message
 * and its {@code existing} detail use.
 */
public enum ExistingEntry {
    DIRECTORY("directory"),
    FILE("file"),
    SYMBOLIC_LINK("symbolic link"),
    DANGLING_SYMBOLIC_LINK("dangling symbolic link"),
    SPECIAL_FILE("special file");

    private final String wire;

    ExistingEntry(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
