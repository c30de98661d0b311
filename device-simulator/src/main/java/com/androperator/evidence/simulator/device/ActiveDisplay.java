package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.SimulatorProfile;

/** The display that backs the default display now: active with displayId 0, else the first. */
final class ActiveDisplay {

    private ActiveDisplay() {}

    static DisplaySpec of(SimulatorProfile profile) {
        return profile.displays().stream()
                .filter(d -> d.active() && d.displayId() == 0)
                .findFirst()
                .orElse(profile.displays().get(0));
    }
}
