package com.androperator.evidence.archfixture.clean.contracts;

/** The caller's context as the domain may use it: passed on, asked only whether it is empty. */
public enum CallerContext {
    EMPTY;

    public boolean isEmpty() {
        return true;
    }
}
