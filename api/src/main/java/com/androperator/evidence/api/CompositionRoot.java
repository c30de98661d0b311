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
     * Resolves the managed bundle root once, at request entry: ANDROPERATOR_EVIDENCE_DIR from the
     * dependencies' environment (relative values against their working directory), else
     * {@code ~/.androperator/evidence}; its {@code bundles/} directory is created and proven
     * writable. A baseDir replaces all of that and is used as it is.
     */
    static ManagedRoot managedRoot(CaptureDependencies dependencies) {
        if (dependencies.baseDir() != null) {
            return new ManagedRoot.Ready(dependencies.workingDirectory().resolve(dependencies.baseDir()).normalize());
        }
        EvidenceRoots.Preparation prepared = EvidenceRoots.prepare(dependencies.environment(),
                home(dependencies.environment()), dependencies.workingDirectory());
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
