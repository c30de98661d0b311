package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ctrl-C (SIGINT) and SIGTERM sent to {@code androperator evidence capture} as a process while
 * the simulated phone, through the real adb server, holds it in each phase. The tests wait for
 * the phase on the phone (a service it received, a command it stalls in), signal, and check the
 * exit status, the one result object, the conforming bundle and its COMMAND_CANCELLED records.
 * The budget is 60 s, so an exit before it can only be the cancellation; the time from signal to
 * exit is printed, not asserted.
 */
class CaptureSignalCliTest {
    private static final String CONTEXT = "{\"commandId\":\"original-command\",\"originalVerdict\":\"failed\"}";
    private static final Duration PHASE_LIMIT = Duration.ofSeconds(60);
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    private CliProcess cli;
    private int servicesBefore;
    private int stallsBefore;

    @BeforeEach
    void resetPhone() throws IOException {
        cli = new CliProcess(lab.environment(), Files.createDirectory(temp.resolve("scratch")));
        servicesBefore = lab.simulator().receivedServices().size();
        stallsBefore = lab.simulator().stallCount();
    }

    /** What an interrupted capture left: its run, its bundle, how long the process took to exit. */
    private record Interrupted(CliProcess.Run run, Path bundle, long signalToExitMillis) {
        CommandResult result() {
            assertThat(run.stdout().lines()).as(run.toString()).hasSize(1);
            return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
        }

        Manifest manifest() throws IOException {
            return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        }

        CaptureRecord record(String kind) throws IOException {
            return ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class)
                    .stillRecords().stream().filter(r -> r.kind().equals(kind)).findFirst().orElseThrow();
        }

        Artifact artifact(ArtifactKind kind) throws IOException {
            return manifest().artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
        }
    }

    /** The phase the test waits for on the phone before it signals. */
    @FunctionalInterface
    private interface Phase {
        void await() throws InterruptedException;
    }

    /** This test's capture made the phone hang in a matching command. */
    private Phase stalled(Predicate<String> command) {
        return () -> assertThat(lab.simulator().awaitStall(command, stallsBefore, PHASE_LIMIT)).as("the phone stalled")
                .isNotNull();
    }

    /** The phone received a matching service from this test's capture. */
    private Phase received(Predicate<String> service) {
        return () -> assertThat(lab.simulator().awaitService(service, servicesBefore, PHASE_LIMIT))
                .as("the phone received it").isNotNull();
    }

    private Interrupted interrupt(String phaseName, Phase phase, String signal) throws InterruptedException {
        Path bundle = temp.resolve("bundle");
        CliProcess.Started child = cli.start("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "60000",
                "--label", "interrupted", "--context-json", CONTEXT);
        phase.await();
        long signalled = System.nanoTime();
        assertThat(child.signal(signal)).as("the capture was still running").isTrue();
        CliProcess.Run run = child.awaitExit();
        long millis = (System.nanoTime() - signalled) / 1_000_000L;
        System.out.printf("SIG%s during %s: %d ms from signal to exit%n", signal, phaseName, millis);
        return new Interrupted(run, bundle, millis);
    }

    /** The checks every interrupted capture passes. */
    private static void assertFinalizedAfter(Interrupted interrupted, String signal) throws IOException {
        CliProcess.Run run = interrupted.run();
        assertThat(run.exitCode()).as(run.toString()).isEqualTo("INT".equals(signal) ? 130 : 143);
        assertThat(run.stderr()).contains("androperator: SIG" + signal + ": cancelling device work");
        CommandResult result = interrupted.result();
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isEqualTo(interrupted.bundle().resolve("manifest.json").toString());
        assertThat(result.message()).contains(ErrorCodes.COMMAND_CANCELLED);
        Conformance.assertConforms(interrupted.bundle());
        Manifest manifest = interrupted.manifest();
        assertThat(result.status()).isEqualTo(manifest.status().wire()).isIn("partial", "failed");
        assertThat(result.evidenceId()).isEqualTo(manifest.evidenceId());
        assertThat(manifest.label()).isEqualTo("interrupted");
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("commandId", "original-command", "originalVerdict", "failed"));
        assertThat(manifest.errors()).anySatisfy(e -> assertThat(e.code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED));
    }

    private List<String> servicesSinceStart() {
        List<String> all = lab.simulator().receivedServices();
        return all.subList(servicesBefore, all.size());
    }

    private long snapshotBroadcasts() {
        return servicesSinceStart().stream().filter(s -> s.contains("am broadcast") && s.contains("snapshot_ui")).count();
    }

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"INT", "TERM"})
    void duringTheScreenshotTransferThePartialImageIsKeptAndNothingElseIsSent(String signal) throws Exception {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.stallAfterBytes(300_000)).build());

        Interrupted interrupted = interrupt("the screenshot transfer", stalled(c -> c.startsWith("screencap")), signal);

        assertFinalizedAfter(interrupted, signal);
        Artifact screenshot = interrupted.artifact(ArtifactKind.SCREENSHOT);
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(screenshot.status()).isIn(ArtifactStatus.PARTIAL, ArtifactStatus.FAILED);
        if (screenshot.status() == ArtifactStatus.PARTIAL) {
            assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
            assertThat(Files.size(interrupted.bundle().resolve("screenshot.partial.png"))).isEqualTo(screenshot.bytes())
                    .isBetween(1L, 300_000L);
            // Streamed to the file as they arrived: every byte received before the cancellation is in it.
            assertThat(((Number) interrupted.record("screenshot").result().asMap().get("bytesReceived")).longValue())
                    .isEqualTo(screenshot.bytes());
        }
        assertThat(interrupted.record("screenshot").diagnostics()).containsEntry("cancelledBy", "SIG" + signal)
                .containsEntry("phase", "transfer").containsEntry("dispatched", true);
        CaptureRecord hierarchy = interrupted.record("hierarchy");
        assertThat(hierarchy.errorCode()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(hierarchy.diagnostics()).containsEntry("phase", "not_started").containsEntry("dispatched", false);
        CaptureRecord metadata = interrupted.record("metadata");
        assertThat(metadata.diagnostics()).containsEntry("cancelledBy", "SIG" + signal).containsEntry("command", "getprop")
                .containsEntry("phase", "not_started").containsEntry("dispatched", false);
        assertThat(interrupted.manifest().status()).isEqualTo(BundleStatus.FAILED);
        // Nothing was sent to the phone after the screencap it was stuck in.
        List<String> services = servicesSinceStart();
        assertThat(services.subList(services.indexOf(services.stream().filter(s -> s.contains("screencap"))
                .findFirst().orElseThrow()) + 1, services.size())).isEmpty();
    }

    @Test
    void beforeTheHierarchyIsDispatchedNothingIsDispatched() throws Exception {
        lab.phone(p -> p.toBuilder().fault("pm list", ServiceFault.stallAfterBytes(0)).build());

        Interrupted interrupted = interrupt("the Operator check before dispatch", stalled(c -> c.startsWith("pm list")),
                "INT");

        assertFinalizedAfter(interrupted, "INT");
        assertThat(interrupted.artifact(ArtifactKind.SCREENSHOT).status()).as("kept").isEqualTo(ArtifactStatus.COMPLETE);
        CaptureRecord hierarchy = interrupted.record("hierarchy");
        assertThat(hierarchy.errorCode()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(hierarchy.diagnostics()).containsEntry("cancelledBy", "SIGINT").containsEntry("command", "readiness")
                .containsEntry("phase", "installed_check").containsEntry("dispatched", false);
        assertThat(servicesSinceStart()).noneMatch(s -> s.contains("am broadcast"));
        assertThat(interrupted.manifest().status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void whileASilentOperatorHoldsTheReadinessCheckTheSnapshotIsNeverSent() throws Exception {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.SILENT)).build());

        Interrupted interrupted = interrupt("the readiness check (dispatched, Operator silent)",
                received(s -> s.contains("am broadcast") && s.contains("doctor_ping")), "TERM");

        assertFinalizedAfter(interrupted, "TERM");
        assertThat(interrupted.artifact(ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        CaptureRecord hierarchy = interrupted.record("hierarchy");
        assertThat(hierarchy.diagnostics()).containsEntry("cancelledBy", "SIGTERM").containsEntry("command", "readiness")
                .containsEntry("dispatched", true).containsEntry("effects", List.of("readiness_dispatched"));
        assertThat(hierarchy.diagnostics().get("phase")).isIn("dispatch", "await_result");
        assertThat(snapshotBroadcasts()).isZero();
    }

    @Test
    void afterTheSnapshotIsDispatchedItIsRecordedDispatchedAndNeverSentAgain() throws Exception {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT)).build());

        Interrupted interrupted = interrupt("the snapshot (dispatched, Operator silent)",
                received(s -> s.contains("am broadcast") && s.contains("snapshot_ui")), "INT");

        assertFinalizedAfter(interrupted, "INT");
        CaptureRecord hierarchy = interrupted.record("hierarchy");
        assertThat(hierarchy.errorCode()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(hierarchy.errorMessage()).contains("never sent again");
        assertThat(hierarchy.diagnostics()).containsEntry("command", "snapshot").containsEntry("dispatched", true)
                .containsEntry("effects", List.of("readiness_checked", "broadcast_dispatched"))
                .containsKeys("reader", "screenOn").doesNotContainKey("deadlineOwner");
        assertThat(hierarchy.diagnostics().get("phase")).isIn("dispatch", "await_result");
        assertThat(snapshotBroadcasts()).isEqualTo(1);
        assertThat(interrupted.bundle().resolve("hierarchy.xml")).doesNotExist();
    }

    @Test
    void duringMetadataTheEarlierReadsAreKeptAndTheLaterOnesAreRecordedAsSentWithThem() throws Exception {
        lab.phone(p -> p.toBuilder().fault("wm density", ServiceFault.stallAfterBytes(0)).build());

        Interrupted interrupted = interrupt("metadata (wm density)", stalled(c -> c.equals("wm density")), "INT");

        assertFinalizedAfter(interrupted, "INT");
        assertThat(interrupted.artifact(ArtifactKind.SCREENSHOT).status()).isEqualTo(ArtifactStatus.COMPLETE);
        // Metadata is read while the Operator answers: the signal may find the hierarchy done or still in flight.
        Artifact hierarchy = interrupted.artifact(ArtifactKind.HIERARCHY);
        if (hierarchy.status() != ArtifactStatus.COMPLETE) {
            assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
            assertThat(snapshotBroadcasts()).isLessThanOrEqualTo(1);
        }
        Manifest manifest = interrupted.manifest();
        assertThat(manifest.device().apiLevel()).isNotNull();
        assertThat(manifest.device().display().width()).isNotNull();
        assertThat(manifest.device().display().density()).isNull();
        assertThat(manifest.errors()).filteredOn(e -> e.code().equals(ErrorCodes.COMMAND_CANCELLED))
                .extracting(BundleError::component)
                .contains("display.density", "display.rotation", "operatorVersion");
        CaptureRecord metadata = interrupted.record("metadata");
        assertThat(metadata.diagnostics()).containsEntry("command", "wm density").containsEntry("phase", "in_flight")
                .containsEntry("dispatched", true);
        // The five reads went out as one shell command: those after the stalled one were sent with it.
        assertThat(metadata.diagnostics().get("reads")).isEqualTo(List.of(
                Map.of("command", "getprop", "phase", "completed", "dispatched", true),
                Map.of("command", "wm size", "phase", "completed", "dispatched", true),
                Map.of("command", "wm density", "phase", "in_flight", "dispatched", true),
                Map.of("command", "dumpsys input", "phase", "in_flight", "dispatched", true),
                Map.of("command", "dumpsys package", "phase", "in_flight", "dispatched", true)));
        assertThat(servicesSinceStart()).filteredOn(s -> s.contains("wm density")).singleElement()
                .satisfies(s -> assertThat(s).startsWith("shell,v2,raw:getprop; echo @@androperator-"));
        assertThat(servicesSinceStart()).noneMatch(s -> s.equals("shell,v2,raw:dumpsys input")
                || s.startsWith("shell,v2,raw:dumpsys package"));
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
    }

    @Test
    void signalsDuringFinalizationAreIgnoredAndTheBundleStaysWhole() throws Exception {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehaviorFor("snapshot_ui", OperatorBehavior.SILENT)).build());
        Path bundle = temp.resolve("bundle");
        CliProcess.Started child = cli.start("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "60000");
        received(s -> s.contains("am broadcast") && s.contains("snapshot_ui")).await();

        assertThat(child.signal("INT")).isTrue();
        child.awaitStderr("androperator: SIGINT: cancelling device work");
        // From the moment it is cancelling until it exits, the process gets SIGTERM and SIGINT without pause.
        int delivered = 0;
        while (child.isAlive() && child.signal(delivered % 2 == 0 ? "TERM" : "INT")) {
            delivered++;
        }
        CliProcess.Run run = child.awaitExit();

        System.out.printf("signals sent while cancelling and finalizing: %d%n", delivered);
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(130);
        assertThat(run.stderr()).contains("ignored: finishing after SIGINT");
        Conformance.assertConforms(bundle);
        CommandResult result = ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isEqualTo("partial");
        assertThat(bundle.resolve("manifest.json")).isRegularFile();
        try (var files = Files.list(bundle)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrder("manifest.json", "screenshot.png", "captures.json");
        }
    }
}
