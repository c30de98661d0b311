package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static com.androperator.evidence.domain.port.contract.OperatorOutcomes.notAnswered;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.StreamedString;
import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.Envelopes;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.NotAnswered;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The Operator's broadcast-and-logcat channel through the real adb server to a simulated phone. */
@Timeout(60)
class AdbOperatorGatewayIntegrationTest {
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final String EVIDENCE = "3f0c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f5a";
    private static final String BROADCAST_PREFIX = "am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND";
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static OperatorCommand snapshot(DeviceSimulator phone, String evidenceId) {
        return new OperatorCommand(phone.serial(), OPERATOR, evidenceId + "-hierarchy", evidenceId,
                "androperator-evidence", 10_000, List.of(new OperatorAction("snap", "snapshot_ui")));
    }

    private static DeviceSimulator phone(UnaryOperator<SimulatorProfile.Builder> change) {
        return adb.attach(change.apply(SimulatorProfile.builder()).build());
    }

    private static OperatorOutcome execute(DeviceSimulator phone, OperatorCommand command, long budgetMillis) {
        return new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(command, millis(budgetMillis));
    }

    private static long broadcasts(DeviceSimulator phone) {
        return phone.receivedServices().stream().filter(service -> service.contains("am broadcast")).count();
    }


    @Test
    void theHierarchyArrivesInChunksAndIsKeptVerbatim() {
        DeviceSimulator phone = phone(b -> b);
        byte[] hierarchy = phone.profile().operator().hierarchy().read();

        OperatorOutcome outcome = execute(phone, snapshot(phone, EVIDENCE), 15_000);

        assertThat(outcome).isInstanceOf(Answered.class);
        Answered answered = (Answered) outcome;
        assertThat(answered.envelope().succeeded()).isTrue();
        assertThat(answered.envelope().commandId()).isEqualTo(EVIDENCE + "-hierarchy");
        // The 200 KB hierarchy is longer than a string kept in memory: it is spooled, byte for byte.
        StreamedString text = Objects.requireNonNull(answered.envelope().stepResults().get(0).text(), "data.text");
        assertThat(text.getClass()).as("spooled, not a string in memory").isNotEqualTo(StreamedString.of("").getClass());
        assertThat(text.readString().getBytes(StandardCharsets.UTF_8)).isEqualTo(hierarchy);
        // The step's other data is the envelope's, kept verbatim beside the typed text.
        @SuppressWarnings("unchecked")
        Map<String, Object> step = ((List<Map<String, Object>>) Envelopes.map(answered.original()).get("stepResults")).get(0);
        assertThat(step.get("data")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("operator_overlay_visible", "false")
                .containsEntry("source", "accessibility_service");
        assertThat(Envelopes.map(answered.original())).containsKeys("commandId", "taskId", "status", "stepResults", "error",
                "errorCode");
        assertThat(answered.readerDiagnostics().chunks()).isGreaterThan(100);
        assertThat(broadcasts(phone)).isEqualTo(1);
    }

    @Test
    void everyShellValueIsQuotedAndTheReaderStartsBeforeTheOneBroadcast() {
        DeviceSimulator phone = phone(b -> b);
        String awkward = "ev'1 $(reboot) `id` \"x\" ; &&";
        OperatorCommand command = new OperatorCommand(phone.serial(), OPERATOR, awkward + "-hierarchy", awkward,
                "tool's name", 10_000, List.of(new OperatorAction("snap", "snapshot_ui")));

        OperatorOutcome outcome = execute(phone, command, 15_000);

        assertThat(outcome).isInstanceOf(Answered.class);
        assertThat(((Answered) outcome).envelope().commandId()).isEqualTo(awkward + "-hierarchy");
        assertThat(((Answered) outcome).envelope().taskId()).isEqualTo(awkward);
        String payload = OperatorBroadcast.payload(command);
        assertThat(phone.receivedServices()).containsSubsequence(
                "shell,v2,raw:pm list packages '" + OPERATOR + "'",
                "shell,v2,raw:logcat -v time -T 1",
                "shell,v2,raw:" + BROADCAST_PREFIX + " -p '" + OPERATOR + "' --es payload '"
                        + payload.replace("'", "'\"'\"'") + "' --receiver-foreground");
        assertThat(payload).contains("\"source\":\"tool's name\"").contains("\"expectedFormat\":\"android-ui-automator\"")
                .contains("\"timeoutMs\":10000").contains("\"actions\":[{\"id\":\"snap\",\"type\":\"snapshot_ui\"}]");
        assertThat(broadcasts(phone)).isEqualTo(1);
    }

    @Test
    void aLargeHierarchyIsReassembledFromHundredsOfChunks() {
        String xml = HierarchyFixtures.settings(600_000, 1080, 2400);
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withHierarchy(
                ProfileFile.inMemory("big.xml", xml.getBytes(StandardCharsets.UTF_8)))));

        OperatorOutcome outcome = execute(phone, snapshot(phone, EVIDENCE), 20_000);

        assertThat(outcome).isInstanceOf(Answered.class);
        assertThat(((Answered) outcome).envelope().stepResults().get(0).text().readString())
                .isEqualTo(xml);
        assertThat(((Answered) outcome).readerDiagnostics().chunks()).isGreaterThan(580);
    }

    @Test
    void aFailedEnvelopePassesTheOperatorErrorCodeThrough() {
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withBehavior(OperatorBehavior.FAILED)
                .withError("SERVICE_UNAVAILABLE", "Accessibility service is not running")));

        OperatorOutcome outcome = execute(phone, snapshot(phone, EVIDENCE), 15_000);

        assertThat(outcome).isInstanceOf(Answered.class);
        Answered answered = (Answered) outcome;
        assertThat(answered.envelope().succeeded()).isFalse();
        assertThat(answered.envelope().errorCode()).isEqualTo("SERVICE_UNAVAILABLE");
        assertThat(answered.envelope().error()).isEqualTo("Accessibility service is not running");
        assertThat(Envelopes.map(answered.original())).containsEntry("errorCode", "SERVICE_UNAVAILABLE");
    }

    @Test
    void aSilentOperatorTimesOutAfterOneDispatch() {
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withBehavior(OperatorBehavior.SILENT)));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 1_500), ErrorCodes.COMMAND_TIMEOUT);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.AWAIT_RESULT);
        assertThat(outcome.dispatched()).isTrue();
        assertThat(outcome.failure().details().asMap()).containsEntry("dispatched", true)
                .containsEntry("chunksReceived", 0).containsKeys("readerExitStatus", "stderrTail", "linesRead");
        assertThat((Long) outcome.failure().details().asMap().get("linesRead")).isPositive();
        assertThat(broadcasts(phone)).isEqualTo(1);
    }

    @Test
    void aResultReaderThatEndsIsTransportExitedWithItsDiagnostics() {
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withBehavior(OperatorBehavior.TRANSPORT_EXIT)));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 10_000),
                ErrorCodes.RESULT_TRANSPORT_EXITED);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.AWAIT_RESULT);
        assertThat(outcome.dispatched()).isTrue();
        assertThat(outcome.failure().details().asMap()).containsEntry("readerExitStatus", 1).containsEntry("dispatched", true);
        assertThat((String) outcome.failure().details().asMap().get("stderrTail")).contains("logcat: Unexpected EOF");
        assertThat((Integer) outcome.failure().details().asMap().get("chunksReceived")).isPositive();
        assertThat(broadcasts(phone)).isEqualTo(1);
    }

    @Test
    void aCorruptChunkIsMalformedNeverASuccess() {
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withBehavior(OperatorBehavior.CORRUPT_CHUNK)));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 10_000), ErrorCodes.RESULT_ENVELOPE_MALFORMED);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.AWAIT_RESULT);
        assertThat(outcome.failure().message()).contains("sha256");
        assertThat(broadcasts(phone)).isEqualTo(1);
    }

    @Test
    void aDelayedResultWithinTheBudgetIsAnswered() {
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withDelayMs(700)));

        assertThat(execute(phone, snapshot(phone, EVIDENCE), 10_000)).isInstanceOf(Answered.class);
    }

    @Test
    void aResultDelayedPastTheBudgetIsATimeout() {
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withDelayMs(5_000)));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 1_200), ErrorCodes.COMMAND_TIMEOUT);

        assertThat(outcome.dispatched()).isTrue();
        assertThat(broadcasts(phone)).isEqualTo(1);
    }

    @Test
    void readinessFactsComeBackAsTheOperatorReportsThem() {
        DeviceSimulator phone = phone(b -> b.operator(op -> op.withReadiness(Readiness.asleep())));
        OperatorCommand ping = new OperatorCommand(phone.serial(), OPERATOR, EVIDENCE + "-readiness", EVIDENCE,
                "androperator-evidence", 5_000, List.of(new OperatorAction("h1", "doctor_ping")));

        OperatorOutcome outcome = execute(phone, ping, 10_000);

        assertThat(outcome).isInstanceOf(Answered.class);
        assertThat(((Answered) outcome).envelope().stepResults().get(0).readiness())
                .isEqualTo(new OperatorGateway.Readiness(false, true, true));
        assertThat(((Answered) outcome).readerDiagnostics().chunks()).isZero();
    }

    @Test
    void aMissingOperatorPackageIsNeverDispatched() {
        DeviceSimulator phone = phone(b -> b.uninstallPackage(OPERATOR));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 10_000),
                ErrorCodes.OPERATOR_NOT_INSTALLED);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.INSTALLED_CHECK);
        assertThat(outcome.dispatched()).isFalse();
        assertThat(broadcasts(phone)).isZero();
        assertThat(phone.receivedServices()).noneMatch(service -> service.contains("logcat"));
    }

    @Test
    void aSimilarlyNamedPackageDoesNotCountAsInstalled() {
        DeviceSimulator phone = phone(b -> b.uninstallPackage(OPERATOR).installPackage(OPERATOR + ".beta", "1"));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 10_000),
                ErrorCodes.OPERATOR_NOT_INSTALLED);

        assertThat(outcome.dispatched()).isFalse();
    }

    @Test
    void aFailingBroadcastIsBroadcastFailedAndNotRetried() {
        DeviceSimulator phone = phone(b -> b.fault("am broadcast", ServiceFault.fail(255,
                "Exception occurred while executing 'broadcast':\njava.lang.SecurityException: denied\n")));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 10_000), ErrorCodes.BROADCAST_FAILED);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.DISPATCH);
        assertThat(outcome.failure().message()).contains("exit status 255").contains("SecurityException");
        assertThat(broadcasts(phone)).isEqualTo(1);
    }

    @Test
    void aResultReaderThatCannotStartMeansNoDispatch() {
        DeviceSimulator phone = phone(b -> b.fault("logcat", ServiceFault.fail(1, "logcat: Unable to open log device\n")));
        // A fallback longer than the budget: only the reader's own end can decide here.
        AdbOperatorGateway gateway = new AdbOperatorGateway(new AdbServerClient(adb.environment()), 60_000);

        NotAnswered outcome = notAnswered(gateway.execute(snapshot(phone, EVIDENCE), millis(10_000)),
                ErrorCodes.RESULT_TRANSPORT_EXITED);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.READER_START);
        assertThat(outcome.dispatched()).isFalse();
        assertThat(outcome.failure().details().asMap()).containsEntry("readerExitStatus", 1).containsEntry("dispatched", false);
        assertThat((String) outcome.failure().details().asMap().get("stderrTail")).contains("Unable to open log device");
        assertThat(broadcasts(phone)).isZero();
    }

    @Test
    void aPackageManagerThatFailsIsNotMistakenForAMissingOperator() {
        DeviceSimulator phone = phone(b -> b.fault("pm", ServiceFault.fail(1,
                "Error: could not access the Package Manager.  Is the system running?\n")));

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 10_000),
                ErrorCodes.DEVICE_SHELL_UNAVAILABLE);

        assertThat(outcome.phase()).isEqualTo(CommandPhase.INSTALLED_CHECK);
        assertThat(outcome.dispatched()).isFalse();
        assertThat(outcome.failure().message()).contains("could not access the Package Manager");
        assertThat(broadcasts(phone)).isZero();
    }

    @Test
    void aLegacyShellDeviceWorksTheSameWay() {
        DeviceSimulator phone = phone(b -> b.shellV2(false));

        OperatorOutcome outcome = execute(phone, snapshot(phone, EVIDENCE), 15_000);

        assertThat(outcome).isInstanceOf(Answered.class);
        assertThat(phone.receivedServices()).contains("shell:logcat -v time -T 1")
                .anyMatch(service -> service.startsWith("shell:" + BROADCAST_PREFIX));
    }

    @Test
    void anExpiredBudgetSendsNothing() {
        DeviceSimulator phone = phone(b -> b);
        int before = phone.receivedServices().size();

        NotAnswered outcome = notAnswered(execute(phone, snapshot(phone, EVIDENCE), 0), ErrorCodes.COMMAND_TIMEOUT);

        assertThat(outcome.dispatched()).isFalse();
        assertThat(phone.receivedServices()).hasSize(before);
    }

    @Test
    void twoCommandsOnOneDeviceEachGetTheirOwnResult() {
        DeviceSimulator phone = phone(b -> b);

        OperatorOutcome first = execute(phone, snapshot(phone, "evidence-one"), 15_000);
        OperatorOutcome second = execute(phone, snapshot(phone, "evidence-two"), 15_000);

        assertThat(((Answered) first).envelope().commandId()).isEqualTo("evidence-one-hierarchy");
        assertThat(((Answered) second).envelope().commandId()).isEqualTo("evidence-two-hierarchy");
        assertThat(broadcasts(phone)).isEqualTo(2);
    }
}
