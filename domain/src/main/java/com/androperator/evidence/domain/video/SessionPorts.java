package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/** What status and stop need: they read, and stop writes only its nonce-bound request. */
public record SessionPorts(
        SessionStore sessions,
        Function<Path, VideoBundleFiles> bundles,
        ProcessIdentity identity,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        IdSource ids,
        Pause pause) {

    public SessionPorts {
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(bundles, "bundles");
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(pause, "pause");
    }
}
