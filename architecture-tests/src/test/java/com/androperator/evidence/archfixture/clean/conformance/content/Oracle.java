package com.androperator.evidence.archfixture.clean.conformance.content;

/** conformance's own PNG/XML/UTF-8 oracle, which the kit may use. */
public final class Oracle {
    public boolean decodes(byte[] bytes) {
        return bytes.length > 0;
    }
}
