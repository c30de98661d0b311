package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.assertRecordInvariants;
import static com.androperator.evidence.domain.capture.BundleAssertions.record;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeMetadata;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random scenarios (budget, screenshot, Operator, metadata and storage behaviour mixed)
 * checked against the invariants that must hold whatever happens on the device.
 */
class CaptureInvariantsTest {
    private static final byte[] PNG = TestPngs.png(90, 160);
    private static final String[] FILES = {"screenshot.partial.png", "screenshot.png", "hierarchy.partial.xml",
            "hierarchy.xml", "captures.json", "manifest.json"};

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 250);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyScenarioKeepsTheBundlesInvariants(long seed) {
        Random random = new Random(seed);
        CaptureRig rig = new CaptureRig();
        long timeout = new long[] {1_000, 2_500, 5_000, 30_000}[random.nextInt(4)];
        rig.screenshots().behaving(screenshot(random));
        rig.operator().on(FakeOperator.READINESS, readiness(random));
        rig.operator().on(FakeOperator.SNAPSHOT, snapshot(random));
        metadata(random, rig.metadata());
        if (random.nextInt(3) == 0) {
            String file = FILES[random.nextInt(FILES.length)];
            if (random.nextBoolean()) {
                rig.store().failingWrite(file);
            } else {
                rig.store().failingWriteAfter(file, random.nextInt(64));
            }
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("commandId", "original-command");
        context.put("originalVerdict", random.nextBoolean() ? "failed" : "passed");
        Map<String, Object> contextAsGiven = new LinkedHashMap<>(context);

        CaptureOutcome outcome = rig.capture(new CaptureCommand(new BundleLocation.Explicit("/absolute/new/bundle-" + seed),
                null, CaptureRig.OPERATOR_PACKAGE, "seed " + seed, context, timeout, CliLikeTerms.INSTANCE));

        // Dispatch: at most one readiness check, then at most one snapshot, never anything else.
        List<String> types = rig.operator().actionTypes();
        assertThat(types).isIn(List.of(), List.of("doctor_ping"), List.of("doctor_ping", "snapshot_ui"));
        assertThat(rig.operator().commands()).extracting(OperatorCommand::timeoutMs)
                .allSatisfy(ms -> assertThat(ms).isBetween(1_000, 120_000));
        assertThat(rig.devices().requests()).hasSize(1);
        assertThat(rig.screenshots().serials()).hasSize(1);

        if (outcome instanceof CaptureOutcome.NotPersisted notPersisted) {
            assertThat(notPersisted.failure().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
            assertThat(rig.store().onlyWriter().manifest()).isNull();
            return;
        }
        assertThat(outcome).isInstanceOf(CaptureOutcome.Finished.class);
        Manifest manifest = ((CaptureOutcome.Finished) outcome).manifest();
        assertRecordInvariants(manifest, rig.store().onlyWriter());
        assertThat(manifest.context().asMap()).isEqualTo(contextAsGiven);
        assertThat(manifest.status() == BundleStatus.COMPLETE).isEqualTo(manifest.errors().isEmpty());
        CommandResult result = outcome.toResult();
        assertThat(result.ok()).isEqualTo(manifest.status() == BundleStatus.COMPLETE);
        assertThat(result.code()).isEqualTo(result.ok() ? null : ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isEqualTo("/absolute/new/bundle-" + seed + "/manifest.json");

        if (rig.store().onlyWriter().captures() != null) {
            CaptureRecord hierarchy = record(rig.store().onlyWriter().captures(), "hierarchy");
            if (hierarchy.diagnostics().containsKey("deadlineOwner")) {
                assertThat(hierarchy.errorCode()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
                assertThat(hierarchy.diagnostics()).containsKeys("phase", "dispatched", "effects", "reader");
            }
            if (manifest.artifacts().get(1).status() == ArtifactStatus.COMPLETE) {
                assertThat(hierarchy.envelope()).containsEntry("status", "success");
            }
        }
    }

    private static FakeScreenshots.Behavior screenshot(Random random) {
        return switch (random.nextInt(6)) {
            case 0, 1 -> FakeScreenshots.delivering(PNG, random.nextInt(6_000));
            case 2 -> FakeScreenshots.answering(new FakeScreenshots.Scripted(TestPngs.truncated(PNG, 1 + random.nextInt(PNG.length - 1)),
                    true, Optional.empty(), Optional.empty()), random.nextInt(500));
            case 3 -> FakeScreenshots.answering(new FakeScreenshots.Scripted(new byte[0], false,
                    Optional.of(Failure.of(ErrorCodes.DISPLAY_SELECTION_FAILED, "no active viewport")), Optional.empty()), 5);
            case 4 -> FakeScreenshots.throwing(new IllegalStateException("seeded adapter bug"));
            default -> FakeScreenshots.answering(new FakeScreenshots.Scripted(new byte[0], true, Optional.empty(), Optional.empty()), 0);
        };
    }

    private static FakeOperator.Script readiness(Random random) {
        return switch (random.nextInt(5)) {
            case 0, 1 -> FakeOperator.taking(random.nextInt(3_000), FakeOperator.readiness("true", "false", "true"));
            case 2 -> FakeOperator.readiness(random.nextBoolean() ? "false" : "true", "true", "true");
            case 3 -> FakeOperator.notAnswered(ErrorCodes.OPERATOR_NOT_INSTALLED, "not installed", "installed_check",
                    false, Map.of());
            default -> FakeOperator.failing("SERVICE_UNAVAILABLE", "accessibility service disabled");
        };
    }

    private static FakeOperator.Script snapshot(Random random) {
        return switch (random.nextInt(6)) {
            case 0, 1 -> FakeOperator.taking(random.nextInt(4_000), FakeOperator.snapshot(FakeOperator.HIERARCHY_XML));
            case 2 -> FakeOperator.snapshot("<hierarchy><node");
            case 3 -> FakeOperator.failing("UI_TREE_UNAVAILABLE", "no window");
            case 4 -> FakeOperator.notAnswered(ErrorCodes.RESULT_TRANSPORT_EXITED, "logcat exited", "await_result", true,
                    Map.of("exitStatus", 1));
            default -> FakeOperator.throwing(new IllegalStateException("seeded gateway bug"));
        };
    }

    private static void metadata(Random random, FakeMetadata metadata) {
        metadata.takingPerRead(random.nextInt(4) == 0 ? random.nextInt(800) : 0);
        Map<String, String> properties = new HashMap<>(FakeMetadata.PHYSICAL_PROPERTIES);
        properties.put("ro.kernel.qemu", new String[] {"", "0", "1", "yes"}[random.nextInt(4)]);
        switch (random.nextInt(5)) {
            case 0 -> metadata.withProperties(Observation.of(new PropertyInventory(Map.of(), random.nextBoolean())));
            case 1 -> metadata.withOperatorVersion(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "not installed"));
            default -> metadata.withProperties(properties);
        }
    }
}
