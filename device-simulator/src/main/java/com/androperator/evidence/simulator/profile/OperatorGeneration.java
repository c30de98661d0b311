package com.androperator.evidence.simulator.profile;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Which Operator protocol the simulated app speaks (reference-compat.md §3): the broadcast action
 * it listens for, the markers of its result lines, and where its hierarchy goes.
 */
public enum OperatorGeneration {
    /** Androperator 1.0.0+: its own action and markers, the hierarchy in {@code data.text}. */
    ANDROPERATOR("androperator", "app.androperator.operator.ACTION_AGENT_COMMAND", "Androperator", true),
    /** Clawperator 0.12.3-0.12.5: the Clawperator action and markers, the hierarchy in {@code data.text}. */
    CLAWPERATOR("clawperator", "app.clawperator.operator.ACTION_AGENT_COMMAND", "Clawperator", true),
    /**
     * Clawperator before 0.12.3: as {@link #CLAWPERATOR}, but {@code snapshot_ui} has no
     * {@code data.text}; the hierarchy is logged as tagged lines before the result.
     */
    CLAWPERATOR_LOGCAT("clawperator-logcat", "app.clawperator.operator.ACTION_AGENT_COMMAND", "Clawperator", false);

    private final String wireName;
    private final String action;
    private final String markerName;
    private final boolean hierarchyInEnvelope;

    OperatorGeneration(String wireName, String action, String markerName, boolean hierarchyInEnvelope) {
        this.wireName = wireName;
        this.action = action;
        this.markerName = markerName;
        this.hierarchyInEnvelope = hierarchyInEnvelope;
    }

    /** The name used in profile.json ({@code operator.generation}). */
    public String wireName() {
        return wireName;
    }

    /** The broadcast action the receiver handles. */
    public String action() {
        return action;
    }

    /** {@code [<name>-Result] }, with its trailing space. */
    public String resultMarker() {
        return "[" + markerName + "-Result] ";
    }

    /** {@code [<name>-Result-Chunk] }, with its trailing space. */
    public String chunkMarker() {
        return "[" + markerName + "-Result-Chunk] ";
    }

    /** Whether {@code snapshot_ui} returns the XML in {@code data.text} (else it is logged). */
    public boolean hierarchyInEnvelope() {
        return hierarchyInEnvelope;
    }

    public static OperatorGeneration fromWireName(String name) {
        for (OperatorGeneration generation : values()) {
            if (generation.wireName.equals(name)) {
                return generation;
            }
        }
        throw new InvalidProfileException("operator.generation must be one of "
                + Arrays.stream(values()).map(OperatorGeneration::wireName).collect(Collectors.joining(", "))
                + ", got " + name);
    }
}
