package com.androperator.evidence.archfixture.clean.domain.port;

import com.androperator.evidence.archfixture.clean.contracts.Record;

/** A still port, with a nested value type (portsAreInterfaces looks at top-level classes only). */
public interface Source {
    Record read();

    /** Nested in the port: allowed. */
    final class Detail {
        private Detail() {
        }
    }
}
