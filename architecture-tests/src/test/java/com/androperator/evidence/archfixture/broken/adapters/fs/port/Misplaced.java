package com.androperator.evidence.archfixture.broken.adapters.fs.port;

/** Breaks portsBelongToTheDomain: a port package in an adapter. */
public interface Misplaced {
}
