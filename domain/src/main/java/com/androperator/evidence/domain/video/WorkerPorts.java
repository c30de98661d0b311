package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.port.video.Heartbeats;
import com.androperator.evidence.domain.port.video.SessionStates;
import com.androperator.evidence.domain.port.video.SpaceReserve;
import com.androperator.evidence.domain.port.video.StopRequests;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the detached worker needs, wired by its main class; {@code environment} is the one it inherited.
 * Of the session files it takes the state it claims and settles, the heartbeat it beats, the stop
 * requests it reads and the space it reserves for the final writes; never the log, which its launcher opened.
 */
public record WorkerPorts(
        SessionStates states,
        Heartbeats heartbeats,
        StopRequests stops,
        SpaceReserve space,
        Function<Path, VideoBundleFiles> bundles,
        DeviceLocks locks,
        MediaToolkit media,
        ProcessIdentity identity,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        Pause pause,
        Map<String, String> environment) {

    public WorkerPorts {
        Objects.requireNonNull(states, "states");
        Objects.requireNonNull(heartbeats, "heartbeats");
        Objects.requireNonNull(stops, "stops");
        Objects.requireNonNull(space, "space");
        Objects.requireNonNull(bundles, "bundles");
        Objects.requireNonNull(locks, "locks");
        Objects.requireNonNull(media, "media");
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(pause, "pause");
        environment = Map.copyOf(environment);
    }
}
