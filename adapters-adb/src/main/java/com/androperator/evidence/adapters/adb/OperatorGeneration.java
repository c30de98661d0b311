package com.androperator.evidence.adapters.adb;

import java.util.Locale;

/**
 * The names an Operator speaks (reference-compat.md §3). Which one follows from the selected
 * package's name alone: a {@code com.clawperator.*} package speaks the Clawperator names, every
 * other package the Androperator names. The package itself is never switched. Dispatch, payload,
 * chunking and envelope are the same in both; whether the hierarchy comes in {@code data.text} or
 * as tagged logcat lines is told by the envelope, not by the name.
 */
enum OperatorGeneration {
    ANDROPERATOR("app.androperator.operator.ACTION_AGENT_COMMAND", "[Androperator-Result] ",
            "[Androperator-Result-Chunk]"),
    CLAWPERATOR("app.clawperator.operator.ACTION_AGENT_COMMAND", "[Clawperator-Result] ",
            "[Clawperator-Result-Chunk]");

    private static final String CLAWPERATOR_PREFIX = "com.clawperator.";
    private static final String DEV_SUFFIX = ".dev";

    private final String action;
    private final String resultMarker;
    private final String chunkMarker;

    OperatorGeneration(String action, String resultMarker, String chunkMarker) {
        this.action = action;
        this.resultMarker = resultMarker;
        this.chunkMarker = chunkMarker;
    }

    static OperatorGeneration of(String operatorPackage) {
        return operatorPackage.toLowerCase(Locale.ROOT).startsWith(CLAWPERATOR_PREFIX) ? CLAWPERATOR : ANDROPERATOR;
    }

    /** The other build variant of a package: {@code .dev} added, or stripped when it is there. */
    static String otherVariant(String operatorPackage) {
        return operatorPackage.endsWith(DEV_SUFFIX)
                ? operatorPackage.substring(0, operatorPackage.length() - DEV_SUFFIX.length())
                : operatorPackage + DEV_SUFFIX;
    }

    /** The broadcast action its receiver listens for. */
    String action() {
        return action;
    }

    /** The marker of an unchunked result line, with its trailing space. */
    String resultMarker() {
        return resultMarker;
    }

    /** The marker of a chunk line. */
    String chunkMarker() {
        return chunkMarker;
    }
}
