package com.androperator.evidence.archfixture.broken.domain.port;

import com.androperator.evidence.archfixture.broken.contracts.Record;

public interface Source {
    Record read();

    /** Nested in the port: allowed (portsAreInterfaces' areTopLevelClasses). */
    final class Detail {
        private Detail() {
        }
    }
}

/** Breaks portsAreInterfaces: a value (record) beside the ports; values live in value packages. */
record Reading(String value) {
}

/** Breaks portsAreInterfaces: a still port that is a class. */
abstract class SourceBase {
    abstract String read();
}

/** Breaks portsAreInterfaces: a value (enum) beside the ports; values live in value packages. */
enum Kind {
    STILL
}
