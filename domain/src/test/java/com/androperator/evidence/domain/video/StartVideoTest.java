package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.Checked;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceSelector;
import com.androperator.evidence.domain.video.HostDependencyProbe.DependencyProblem;
import com.androperator.evidence.domain.video.HostDependencyProbe.HostDependencyCheck;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Start's ordering on port fakes that record every call: refusals leave nothing behind. */
class StartVideoTest {
    private final List<String> calls = new ArrayList<>();

    @Test
    void missingDependenciesAreReportedBeforeAnyDeviceLockOrDirectoryWork() {
        StartVideo start = start(new HostDependencyCheck.Unmet(List.of(new DependencyProblem(HostTool.SCRCPY,
                DependencyReason.MISSING, "scrcpy 3.0 or newer", "not on PATH"))));

        CommandResult result = start.execute(command("/absolute/new/bundle", 30));

        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(calls).containsExactly("store.check", "dependencies.check");
    }

    @Test
    void invalidRequestsAreRefusedBeforeEvenTheDependencyCheck() {
        StartVideo start = start(new HostDependencyCheck.Satisfied(new HostDependencyProbe.HostTools("/s", "/f", "/p")));

        assertThat(start.execute(command("/absolute/new/bundle", 0)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(start.execute(command("/absolute/new/bundle", 181)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(start.execute(command("relative/bundle", 30)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(start.execute(new VideoStartCommand(null, null, "com.androperator.operator.dev", 30, null, null, null))
                .message()).contains("explicit --device");
        assertThat(start.execute(new VideoStartCommand(null, "emulator-5554", "com.androperator.operator.dev", 30,
                "325x720", null, null)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(calls).doesNotContain("dependencies.check");
    }

    private static VideoStartCommand command(String outputDir, int seconds) {
        return new VideoStartCommand(outputDir, "emulator-5554", "com.androperator.operator.dev", seconds, null, null,
                Map.of());
    }

    private StartVideo start(HostDependencyCheck check) {
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
                recording(DeviceLocks.class), store, root, recording(SessionStore.class), dir -> recording(VideoBundleFiles.class),
                recording(WorkerLauncher.class), java.time.Instant::now, System::nanoTime, () -> "session-1", millis -> { });
        return new StartVideo(ports, "0.1.0", null, Map.of());
    }

    /** A port whose every call is recorded and then fails the test: nothing should reach it. */
    private <T> T recording(Class<T> port) {
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port}, (proxy, method, args) -> {
            calls.add(port.getSimpleName() + "." + method.getName());
            throw new AssertionError(port.getSimpleName() + "." + method.getName() + " must not be called");
        }));
    }
}
