package com.androperator.evidence.archfixture.broken.conformance;

/** A conformance class that is not its public entry point. */
public final class Internals {
}
