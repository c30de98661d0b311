package com.androperator.evidence.domain.port;

/**
 * Proves that the raw hierarchy is well-formed XML whose root element is {@code hierarchy}, with
 * DTDs and external entities refused. It reads the bytes and never rewrites them.
 */
public interface HierarchyVerifier {

    HierarchyVerification verify(byte[] xml);

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
