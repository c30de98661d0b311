package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.HostDependencyProbe;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.port.video.Heartbeats;
import com.androperator.evidence.domain.port.video.SessionStates;
import com.androperator.evidence.domain.port.video.StopRequests;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import com.androperator.evidence.domain.port.video.WorkerLogs;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * What starting a recording needs from the outside, wired once by a composition root.
 * {@code processes} only looks at the process table: whether the worker of a session that holds
 * the device still runs. Of the session files it takes only what start touches: the state it saves
 * and reads back, the holder's heartbeat, the stop request that cancels an unacknowledged worker, and
 * where the worker's log goes.
 */
public record StartPorts(
        HostDependencyProbe dependencies,
        DeviceSelector devices,
        DeviceMetadataSource metadata,
        DeviceLocks locks,
        BundleStore store,
        ManagedBundlesRoot managedRoot,
        SessionStates states,
        Heartbeats heartbeats,
        StopRequests stops,
        WorkerLogs workerLogs,
        Function<Path, VideoBundleFiles> bundles,
        WorkerLauncher workers,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        IdSource ids,
        Pause pause,
        ProcessIdentity processes) {

    public StartPorts {
        Objects.requireNonNull(dependencies, "dependencies");
        Objects.requireNonNull(devices, "devices");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(locks, "locks");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(managedRoot, "managedRoot");
        Objects.requireNonNull(states, "states");
        Objects.requireNonNull(heartbeats, "heartbeats");
        Objects.requireNonNull(stops, "stops");
        Objects.requireNonNull(workerLogs, "workerLogs");
        Objects.requireNonNull(bundles, "bundles");
        Objects.requireNonNull(workers, "workers");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(pause, "pause");
        Objects.requireNonNull(processes, "processes");
    }
}
