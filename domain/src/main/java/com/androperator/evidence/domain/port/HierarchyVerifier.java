package com.androperator.evidence.domain.port;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

/**
 * Proves that the raw hierarchy is well-formed XML whose root element is {@code hierarchy}, with
 * DTDs and external entities refused. It reads the bytes and never rewrites them.
 */
public interface HierarchyVerifier {

    /**
     * Parses the document from {@code xml} (strict UTF-8, every parser limit explicit) up to its
     * end or its first problem; the stream is not closed. A stream that fails to read is a
     * rejection that says so.
     */
    HierarchyVerification verify(InputStream xml);

    /** Verifies a document already in memory. */
    default HierarchyVerification verify(byte[] xml) {
        return verify(new ByteArrayInputStream(xml));
    }

    /** The outcome of verifying one hierarchy document. */
    sealed interface HierarchyVerification {
        /** Well-formed, root {@code hierarchy}; {@code nodeCount} is the number of elements. */
        record WellFormed(long nodeCount) implements HierarchyVerification {
            public WellFormed {
                if (nodeCount < 1) {
                    throw new IllegalArgumentException("a hierarchy has at least its root");
                }
            }
        }

        /** Not acceptable; {@code reason} says what is wrong. */
        record Rejected(String reason) implements HierarchyVerification {
            public Rejected {
                if (reason == null || reason.isBlank()) {
                    throw new IllegalArgumentException("a rejection needs a reason");
                }
            }
        }
    }
}
