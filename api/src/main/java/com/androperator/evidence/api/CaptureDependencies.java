package com.androperator.evidence.api;

import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.port.WallClock;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a capture takes from its surroundings. Every field has a production default; tests and
 * servers replace what they need. A replacement port left null is wired to the real adapter.
 *
 * @param bundlesRoot      the managed bundles root: a capture without an output directory goes to
 *                         {@code <bundlesRoot>/<evidenceId>}, the root used as it is; null means
 *                         {@code <evidence root>/bundles} (the spec's still-capture {@code baseDir})
 * @param environment      where ANDROPERATOR_EVIDENCE_DIR, HOME and the adb server settings
 *                         (ANDROID_ADB_SERVER_PORT, ADB_SERVER_SOCKET) are read
 * @param workingDirectory what a relative ANDROPERATOR_EVIDENCE_DIR or bundlesRoot resolves against
 * @param toolName         sent to the Operator as the command source (at most 64 characters)
 * @param cancellation     for {@link EvidenceCapture#captureEvidence(CaptureOptions, CaptureDependencies)}:
 *                         stops this capture's device work at once when cancelled from another
 *                         thread ({@code cancellation.cancel("who")}): calls in flight are ended,
 *                         nothing more is sent to the device, unfinished components are recorded as
 *                         COMMAND_CANCELLED and the manifest is still finalized. One per capture: a
 *                         capture given an already-cancelled one is refused (COMMAND_CANCELLED) and
 *                         creates nothing. Null means a capture nobody cancels.
 * @param terms            the caller's names for the request fields, in which refusals say what to fix:
 *                         {@link JavaTerms} (the {@link CaptureOptions} names) unless an edge sets its own
 */
public record CaptureDependencies(
        @Nullable Path bundlesRoot,
        Map<String, String> environment,
        Path workingDirectory,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        IdSource ids,
        String toolName,
        @Nullable DeviceSelector devices,
        @Nullable ScreenshotSource screenshots,
        @Nullable OperatorGateway operator,
        @Nullable DeviceMetadataSource metadata,
        @Nullable ImageVerifier images,
        @Nullable HierarchyVerifier hierarchies,
        @Nullable BundleStore store,
        @Nullable Cancellation cancellation,
        CallerTerms terms) {

    public static final String DEFAULT_TOOL_NAME = "androperator-java";

    public CaptureDependencies {
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(terms, "terms");
        workingDirectory = workingDirectory.toAbsolutePath();
    }

    /** The process environment and working directory, system clocks, random UUIDs, real adapters. */
    public static CaptureDependencies defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.bundlesRoot = bundlesRoot;
        builder.environment = environment;
        builder.workingDirectory = workingDirectory;
        builder.wallClock = wallClock;
        builder.monotonicClock = monotonicClock;
        builder.ids = ids;
        builder.toolName = toolName;
        builder.devices = devices;
        builder.screenshots = screenshots;
        builder.operator = operator;
        builder.metadata = metadata;
        builder.images = images;
        builder.hierarchies = hierarchies;
        builder.store = store;
        builder.cancellation = cancellation;
        builder.terms = terms;
        return builder;
    }

    /** Starts from the production defaults. */
    public static final class Builder {
        private @Nullable Path bundlesRoot;
        private Map<String, String> environment = System.getenv();
        private Path workingDirectory = Path.of("").toAbsolutePath();
        private WallClock wallClock = WallClock.SYSTEM;
        private MonotonicClock monotonicClock = MonotonicClock.SYSTEM;
        private IdSource ids = CompositionRoot.ids();
        private String toolName = DEFAULT_TOOL_NAME;
        private @Nullable DeviceSelector devices;
        private @Nullable ScreenshotSource screenshots;
        private @Nullable OperatorGateway operator;
        private @Nullable DeviceMetadataSource metadata;
        private @Nullable ImageVerifier images;
        private @Nullable HierarchyVerifier hierarchies;
        private @Nullable BundleStore store;
        private @Nullable Cancellation cancellation;
        private CallerTerms terms = JavaTerms.INSTANCE;

        private Builder() {
        }

        /** The managed bundles root, used as it is (see the record's {@code bundlesRoot}). */
        public Builder bundlesRoot(Path bundlesRoot) {
            this.bundlesRoot = bundlesRoot;
            return this;
        }

        /**
         * The spec's name for the still capture's managed bundles root.
         *
         * @deprecated use {@link #bundlesRoot}; for video, baseDir names the evidence root instead
         */
        @Deprecated
        public Builder baseDir(Path baseDir) {
            return bundlesRoot(baseDir);
        }

        public Builder environment(Map<String, String> environment) {
            this.environment = environment;
            return this;
        }

        public Builder workingDirectory(Path workingDirectory) {
            this.workingDirectory = workingDirectory;
            return this;
        }

        public Builder wallClock(WallClock wallClock) {
            this.wallClock = wallClock;
            return this;
        }

        public Builder monotonicClock(MonotonicClock monotonicClock) {
            this.monotonicClock = monotonicClock;
            return this;
        }

        public Builder ids(IdSource ids) {
            this.ids = ids;
            return this;
        }

        public Builder toolName(String toolName) {
            this.toolName = toolName;
            return this;
        }

        public Builder devices(@Nullable DeviceSelector devices) {
            this.devices = devices;
            return this;
        }

        public Builder screenshots(@Nullable ScreenshotSource screenshots) {
            this.screenshots = screenshots;
            return this;
        }

        public Builder operator(@Nullable OperatorGateway operator) {
            this.operator = operator;
            return this;
        }

        public Builder metadata(@Nullable DeviceMetadataSource metadata) {
            this.metadata = metadata;
            return this;
        }

        public Builder images(@Nullable ImageVerifier images) {
            this.images = images;
            return this;
        }

        public Builder hierarchies(@Nullable HierarchyVerifier hierarchies) {
            this.hierarchies = hierarchies;
            return this;
        }

        public Builder store(@Nullable BundleStore store) {
            this.store = store;
            return this;
        }

        /** The capture's cancellation (see the record's {@code cancellation}); one per capture. */
        public Builder cancellation(@Nullable Cancellation cancellation) {
            this.cancellation = cancellation;
            return this;
        }

        /** The calling edge's names for the request fields (the CLI's options, the MCP arguments). */
        public Builder terms(CallerTerms terms) {
            this.terms = terms;
            return this;
        }

        public CaptureDependencies build() {
            return new CaptureDependencies(bundlesRoot, environment, workingDirectory, wallClock, monotonicClock, ids,
                    toolName, devices, screenshots, operator, metadata, images, hierarchies, store, cancellation, terms);
        }
    }
}
