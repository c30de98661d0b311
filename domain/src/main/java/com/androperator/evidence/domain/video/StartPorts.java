package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.HostDependencyProbe;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
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
 * the device still runs.
 */
public record StartPorts(
        HostDependencyProbe dependencies,
        DeviceSelector devices,
        DeviceMetadataSource metadata,
        DeviceLocks locks,
        BundleStore store,
        ManagedBundlesRoot managedRoot,
        SessionStore sessions,
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
        Objects.requireNonNull(sessions, "sessions");
        Objects.requireNonNull(bundles, "bundles");
        Objects.requireNonNull(workers, "workers");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(pause, "pause");
        Objects.requireNonNull(processes, "processes");
    }
}
