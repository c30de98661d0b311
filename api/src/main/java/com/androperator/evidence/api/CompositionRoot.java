package com.androperator.evidence.api;

import com.androperator.evidence.adapters.adb.AdbDeviceMetadata;
import com.androperator.evidence.adapters.adb.AdbDeviceSelector;
import com.androperator.evidence.adapters.adb.AdbOperatorGateway;
import com.androperator.evidence.adapters.adb.AdbScreenshotSource;
import com.androperator.evidence.adapters.adb.AdbServerClient;
import com.androperator.evidence.adapters.fs.EvidenceRoots;
import com.androperator.evidence.adapters.fs.FileBundleStore;
import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.adapters.media.XmlHierarchyVerifier;
import com.androperator.evidence.domain.capture.CapturePorts;
import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The one place where real adapters are chosen and wired. The CLI and MCP edges never name an
 * adapter; they call {@link EvidenceCapture}, which asks here for its ports.
 */
final class CompositionRoot {
    private CompositionRoot() {
    }

    /** Real adapters for every port the dependencies do not replace. */
    static CapturePorts capturePorts(CaptureDependencies dependencies) {
        // One stateless client per request, reading the adb server address from the caller's environment.
        AdbServerClient adb = new AdbServerClient(dependencies.environment());
        return new CapturePorts(
                or(dependencies.devices(), () -> new AdbDeviceSelector(adb)),
                or(dependencies.screenshots(), () -> new AdbScreenshotSource(adb)),
                or(dependencies.operator(), () -> new AdbOperatorGateway(adb)),
                or(dependencies.metadata(), () -> new AdbDeviceMetadata(adb)),
                or(dependencies.images(), PngVerifier::new),
                or(dependencies.hierarchies(), XmlHierarchyVerifier::new),
                or(dependencies.store(), FileBundleStore::new),
                dependencies.wallClock(),
                dependencies.monotonicClock(),
                dependencies.ids());
    }

    /** Where managed bundles go: the dependencies' baseDir, else {@code <evidence root>/bundles}. */
    sealed interface ManagedRoot {
        record Ready(Path bundlesRoot) implements ManagedRoot {
        }

        /** EXECUTION_VALIDATION_FAILED (bad ANDROPERATOR_EVIDENCE_DIR) or EVIDENCE_STORAGE_UNWRITABLE. */
        record Refused(Failure failure) implements ManagedRoot {
        }
    }

    /**
     * Resolves the managed bundle root once, at request entry, without touching the file system:
     * ANDROPERATOR_EVIDENCE_DIR from the dependencies' environment (relative values against their
     * working directory), else {@code ~/.androperator/evidence}, and its {@code bundles/} directory.
     * A baseDir replaces all of that and is used as it is.
     */
    static ManagedRoot resolveManagedRoot(CaptureDependencies dependencies) {
        if (dependencies.baseDir() != null) {
            return new ManagedRoot.Ready(dependencies.workingDirectory().resolve(dependencies.baseDir()).normalize());
        }
        EvidenceRoots.Resolution resolved = EvidenceRoots.resolve(dependencies.environment(),
                home(dependencies.environment()), dependencies.workingDirectory());
        if (resolved instanceof EvidenceRoots.Resolution.Invalid invalid) {
            return new ManagedRoot.Refused(invalid.failure());
        }
        return new ManagedRoot.Ready(((EvidenceRoots.Resolution.Resolved) resolved).bundlesRoot());
    }

    /**
     * Creates the {@code bundles/} directory that {@link #resolveManagedRoot} resolved and proves it
     * writable (EVIDENCE_STORAGE_UNWRITABLE otherwise). A baseDir is used as it is.
     */
    static ManagedRoot prepareManagedRoot(CaptureDependencies dependencies, Path bundlesRoot) {
        if (dependencies.baseDir() != null) {
            return new ManagedRoot.Ready(bundlesRoot);
        }
        EvidenceRoots.Preparation prepared = EvidenceRoots.prepareBundlesRoot(bundlesRoot.getParent());
        if (prepared instanceof EvidenceRoots.Preparation.Refused refused) {
            return new ManagedRoot.Refused(refused.failure());
        }
        return new ManagedRoot.Ready(((EvidenceRoots.Preparation.Ready) prepared).bundlesRoot());
    }

    /** The caller's home: HOME from their environment (as a shell would expand ~), else the JVM's. */
    private static Path home(Map<String, String> environment) {
        String home = environment.get("HOME");
        return Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home);
    }

    private static <T> T or(T replacement, Supplier<T> real) {
        return replacement != null ? replacement : real.get();
    }
}
