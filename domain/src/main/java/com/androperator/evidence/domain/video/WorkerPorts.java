package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.MediaToolkit;
import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** What the detached worker needs, wired by its main class; {@code environment} is the one it inherited. */
public record WorkerPorts(
        SessionStore sessions,
        Function<Path, VideoBundleFiles> bundles,
        DeviceLocks locks,
        MediaToolkit media,
        ProcessIdentity identity,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        Pause pause,
        Map<String, String> environment) {

    public WorkerPorts {
        Objects.requireNonNull(sessions, "sessions");
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
