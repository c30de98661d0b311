package com.androperator.evidence.domain.capture;

import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ManagedBundles;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.port.WallClock;
import java.util.Objects;

/** Everything a still capture needs from the outside, wired once by a composition root. */
public record CapturePorts(
        DeviceSelector devices,
        ScreenshotSource screenshots,
        OperatorGateway operator,
        DeviceMetadataSource metadata,
        ImageVerifier images,
        HierarchyVerifier hierarchies,
        BundleStore store,
        ManagedBundles managedBundles,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        IdSource ids) {

    public CapturePorts {
        Objects.requireNonNull(devices, "devices");
        Objects.requireNonNull(screenshots, "screenshots");
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(images, "images");
        Objects.requireNonNull(hierarchies, "hierarchies");
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(managedBundles, "managedBundles");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
    }
}
