package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.port.video.Heartbeats;
import com.androperator.evidence.domain.port.video.SessionStates;
import com.androperator.evidence.domain.port.video.StopRequests;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * What status and stop need: they read the session state and the heartbeat, and stop writes only
 * its nonce-bound request.
 */
public record SessionPorts(
        SessionStates states,
        Heartbeats heartbeats,
        StopRequests stops,
        Function<Path, VideoBundleFiles> bundles,
        ProcessIdentity identity,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        IdSource ids,
        Pause pause) {

    public SessionPorts {
        Objects.requireNonNull(states, "states");
        Objects.requireNonNull(heartbeats, "heartbeats");
        Objects.requireNonNull(stops, "stops");
        Objects.requireNonNull(bundles, "bundles");
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(pause, "pause");
    }
}
