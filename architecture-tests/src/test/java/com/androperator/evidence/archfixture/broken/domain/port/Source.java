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

/** A top-level record beside the ports: allowed (portsAreInterfaces' areNotRecords). */
record Reading(String value) {
}

/** Breaks portsAreInterfaces: a still port that is a class. */
abstract class SourceBase {
    abstract String read();
}

/** A top-level enum beside the ports: allowed (portsAreInterfaces' areNotEnums). */
enum Kind {
    STILL
}
