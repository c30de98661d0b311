package com.androperator.evidence.archfixture.clean.domain.video;

import com.androperator.evidence.archfixture.clean.domain.model.Field;
import com.androperator.evidence.archfixture.clean.domain.model.Reading;
import com.androperator.evidence.archfixture.clean.domain.port.Readings;

/**
 * A domain abstract class outside the port packages: no port, so no rule asks it to be an interface.
 * As a use case it depends on ports and values, which depend on nothing here: no cycle.
 */
public abstract class Recording {
    public abstract String name();

    public Reading device(Readings readings) {
        return readings.latest(Field.DEVICE);
    }
}
