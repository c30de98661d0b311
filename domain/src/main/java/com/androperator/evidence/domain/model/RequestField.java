package com.androperator.evidence.domain.model;

/**
 * The fields of a capture or video request that a caller controls, in the domain's own names. A
 * refusal about one of them carries it ({@link Failure#field()}); each edge spells it for its
 * caller through the domain's {@code CallerTerms}: a command-line option for the CLI, an argument
 * name for an MCP client, the option's builder name for a Java caller.
 */
public enum RequestField {
    /** The new bundle directory (still and video). */
    OUTPUT_DIR,
    /** The device serial. */
    DEVICE,
    /** The Operator app's package. */
    OPERATOR_PACKAGE,
    /** The bundle's label. */
    LABEL,
    /** The caller's JSON object copied into the manifest. */
    CONTEXT,
    /** The still capture's device-work budget. */
    TIMEOUT,
    /** A recording's length in seconds. */
    DURATION,
    /** A recording's WIDTHxHEIGHT. */
    SIZE
}
