package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.CallerJson;
import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.HostDependencyProbe;
import com.androperator.evidence.domain.port.video.ManagedBundlesRoot;
import com.androperator.evidence.domain.port.video.Heartbeats;
import com.androperator.evidence.domain.port.video.SessionStates;
import com.androperator.evidence.domain.port.video.StopRequests;
import com.androperator.evidence.domain.port.video.WorkerLogs;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.DependencyProblem;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostDependencyCheck;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import com.androperator.evidence.domain.video.model.DependencyReason;
import com.androperator.evidence.domain.video.model.HostTool;

/** Start's ordering on port fakes that record every call: refusals leave nothing behind. */
class StartVideoTest {
    private final FakeProcessTable processes = new FakeProcessTable();

    @AfterEach
    void startNeverJudgesItself() {
        assertThat(processes.selfAsked()).as("start judges the holder's saved worker, never itself").isZero();
    }
    private final List<String> calls = new ArrayList<>();

    @Test
    void missingDependenciesAreReportedBeforeAnyDeviceLockOrDirectoryWork() {
        Rendered.Start start = start(new HostDependencyCheck.Unmet(List.of(new DependencyProblem(HostTool.SCRCPY,
                DependencyReason.MISSING, "scrcpy 3.0 or newer", "not on PATH"))));

        CommandResult result = start.execute(command("/absolute/new/bundle", 30));

        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(calls).containsExactly("store.check", "dependencies.check");
    }

    @Test
    void aRefusalIsAnOutcomeWhoseFailureAndHintAreFields() {
        Rendered.Start start = start(new HostDependencyCheck.Unmet(List.of(new DependencyProblem(HostTool.SCRCPY,
                DependencyReason.MISSING, "scrcpy 3.0 or newer", "not on PATH"))));

        StartOutcome outcome = start.useCase().execute(command("/absolute/new/bundle", 30));

        assertThat(outcome).isInstanceOfSatisfying(SessionOutcome.Refused.class, refused -> {
            assertThat(refused.failure().code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
            assertThat(refused.hint()).contains("androperator doctor");
        });
    }

    @Test
    void invalidRequestsAreRefusedBeforeEvenTheDependencyCheck() {
        Rendered.Start start = start(new HostDependencyCheck.Satisfied(new HostDependencyProbe.HostTools("/s", "/f", "/p")));

        assertThat(start.execute(command("/absolute/new/bundle", 0)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(start.execute(command("/absolute/new/bundle", 181)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(start.execute(command("relative/bundle", 30)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(start.execute(new VideoStartCommand(null, null, "com.androperator.operator.dev", 30, null, null, null))
                .message()).contains("explicit --device");
        assertThat(start.execute(new VideoStartCommand(null, "emulator-5554", "com.androperator.operator.dev", 30,
                "325x720", null, null)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(calls).doesNotContain("dependencies.check");
    }

    @Test
    void videoNeedsNoOperatorPackageButValidatesOneThatIsGiven() {
        Rendered.Start start = start(new HostDependencyCheck.Unmet(List.of(new DependencyProblem(HostTool.FFMPEG,
                DependencyReason.UNSUPPORTED, "ffmpeg 6.1 or newer", "FFmpeg 5.1"))));

        CommandResult invalid = start.execute(new VideoStartCommand("/absolute/new/bundle", "emulator-5554",
                "not a package", 30, null, null, null));
        CommandResult empty = start.execute(new VideoStartCommand("/absolute/new/bundle", "emulator-5554", "", 30,
                null, null, null));
        assertThat(invalid.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(invalid.details().asMap()).containsEntry("option", "--operator-package");
        assertThat(empty.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(calls).doesNotContain("dependencies.check");

        // Without one the request is valid and goes on to the dependency check (which refuses here).
        CommandResult without = start.execute(new VideoStartCommand("/absolute/new/bundle", "emulator-5554", null, 30,
                null, null, null));
        assertThat(without.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(calls).contains("dependencies.check");
    }

    @Test
    void theDependencyRefusalHintNamesTheDoctorCommandForThisDevice() {
        Rendered.Start start = start(new HostDependencyCheck.Unmet(List.of(new DependencyProblem(HostTool.SCRCPY,
                DependencyReason.MISSING, "scrcpy 3.0 or newer", "not on PATH"))));

        CommandResult result = start.execute(command("/absolute/new/bundle", 30));

        assertThat(result.hint()).contains("androperator doctor --device emulator-5554")
                .contains("brew install scrcpy ffmpeg").contains("PATH");
        assertThat(result.details().asMap()).containsEntry("docsUrl", HostDependencyReport.DOCS_URL);
    }

    private static VideoStartCommand command(String outputDir, int seconds) {
        return new VideoStartCommand(outputDir, "emulator-5554", "com.androperator.operator.dev", seconds, null, null,
                CallerJson.of(Map.of()));
    }

    private Rendered.Start start(HostDependencyCheck check) {
        HostDependencyProbe dependencies = () -> {
            calls.add("dependencies.check");
            return check;
        };
        BundleStore store = new BundleStore() {
            @Override
            public Availability check(Path directory) {
                calls.add("store.check");
                return new Availability.Available();
            }

            @Override
            public Reservation reserve(Path directory) {
                calls.add("store.reserve");
                throw new AssertionError("no bundle may be reserved");
            }
        };
        ManagedBundlesRoot root = () -> {
            calls.add("root.prepare");
            return Checked.accepted(Path.of("/evidence/bundles"));
        };
        StartPorts ports = new StartPorts(dependencies, recording(DeviceSelector.class), recording(DeviceMetadataSource.class),
                recording(DeviceLocks.class), store, root, recording(SessionStates.class), recording(Heartbeats.class),
                recording(StopRequests.class), recording(WorkerLogs.class), dir -> recording(VideoBundleFiles.class),
                recording(WorkerLauncher.class), java.time.Instant::now, System::nanoTime, () -> "session-1", millis -> { },
                processes);
        return new Rendered.Start(new StartVideo(ports, "0.1.0", null, Map.of(), CliLikeTerms.INSTANCE));
    }

    /** A port whose every call is recorded and then fails the test: nothing should reach it. */
    private <T> T recording(Class<T> port) {
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, (proxy, method, args) -> {
            calls.add(port.getSimpleName() + "." + method.getName());
            throw new AssertionError(port.getSimpleName() + "." + method.getName() + " must not be called");
        }));
    }
}
