package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Orderings a simulator cannot produce on demand, scripted at the adb server protocol. */
@Timeout(20)
class AdbOperatorGatewayTest {
    private static final String SERIAL = "127.0.0.1:5555";
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final String PREFIX = "11-30 00:00:01.234 I/AndroperatorOperator( 1234): ";
    private static final OperatorCommand COMMAND = new OperatorCommand(SERIAL, OPERATOR, "ev-7-hierarchy", "ev-7",
            "androperator-evidence", 5_000, List.of(new OperatorAction("snap", "snapshot_ui")));

    private static String result(String commandId) {
        return "[Androperator-Result] {\"commandId\":\"" + commandId + "\",\"taskId\":\"ev-7\",\"status\":\"success\","
                + "\"stepResults\":[{\"id\":\"snap\",\"actionType\":\"snapshot_ui\",\"success\":true,"
                + "\"data\":{\"text\":\"<hierarchy/>\"}}],\"error\":null,\"errorCode\":null}";
    }

    /** A device behind a scripted server; {@code broadcastReceived} opens once am broadcast arrives. */
    private static final class ScriptedDevice {
        final CountDownLatch broadcastReceived = new CountDownLatch(1);
        final boolean shellV2;
        final String staleLine;
        final String resultLine;
        final boolean amReturns;
        final String amOutput;

        ScriptedDevice(boolean shellV2, String staleLine, String resultLine, boolean amReturns, String amOutput) {
            this.shellV2 = shellV2;
            this.staleLine = staleLine;
            this.resultLine = resultLine;
            this.amReturns = amReturns;
            this.amOutput = amOutput;
        }

        void serve(FakeAdbServer.Conversation c) throws Exception {
            if (c.request().endsWith(":features")) {
                c.okayPayload(shellV2 ? "cmd,shell_v2,stat_v2" : "cmd,stat_v2");
                return;
            }
            String service = c.acceptTransport();
            c.okay();
            String newline = shellV2 ? "\n" : "\r\n";
            if (service.contains("pm list packages")) {
                out(c, "package:" + OPERATOR + newline);
                exit(c, 0);
            } else if (service.contains("logcat")) {
                out(c, "--------- beginning of main" + newline + (staleLine == null ? "" : staleLine + newline));
                if (broadcastReceived.await(10, TimeUnit.SECONDS) && resultLine != null) {
                    out(c, PREFIX + resultLine + newline);
                }
                c.holdUntilClientCloses();
            } else if (service.contains("am broadcast")) {
                broadcastReceived.countDown();
                out(c, "Broadcasting: Intent { act=app.androperator.operator.ACTION_AGENT_COMMAND flg=0x10000000 pkg="
                        + OPERATOR + " (has extras) }" + newline);
                if (!amReturns) {
                    c.holdUntilClientCloses();
                    return;
                }
                out(c, amOutput + newline);
                exit(c, 0);
            } else {
                // Any other command of the capture (a metadata read, the display query): no output.
                exit(c, 0);
            }
        }

        private void out(FakeAdbServer.Conversation c, String text) throws Exception {
            if (shellV2) {
                c.frame(1, text);
            } else {
                c.write(text);
            }
        }

        private void exit(FakeAdbServer.Conversation c, int status) throws Exception {
            if (shellV2) {
                c.frame(3, new byte[] {(byte) status});
            }
        }
    }

    private static OperatorOutcome execute(ScriptedDevice device, long budgetMillis) throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(device::serve)) {
            return new AdbOperatorGateway(new AdbServerClient(server.environment()))
                    .execute(COMMAND, Deadline.after(MonotonicClock.SYSTEM, budgetMillis));
        }
    }

    @Test
    void aResultAcceptedWhileAmIsStillRunningSurvivesTheDeadline() throws Exception {
        ScriptedDevice device = new ScriptedDevice(true, null, result("ev-7-hierarchy"), false, null);

        OperatorOutcome outcome = execute(device, 800);

        assertThat(outcome).isInstanceOf(OperatorOutcome.Answered.class);
        assertThat(((OperatorOutcome.Answered) outcome).envelope().commandId()).isEqualTo("ev-7-hierarchy");
    }

    @Test
    void linesFromBeforeTheDispatchCannotAnswerIt() throws Exception {
        ScriptedDevice device = new ScriptedDevice(true, PREFIX + result("ev-7-hierarchy"), null, true,
                "Broadcast completed: result=0");

        OperatorOutcome outcome = execute(device, 800);

        assertThat(outcome).isInstanceOf(OperatorOutcome.NotAnswered.class);
        OperatorOutcome.NotAnswered notAnswered = (OperatorOutcome.NotAnswered) outcome;
        assertThat(notAnswered.failure().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(notAnswered.phase()).isEqualTo(CommandPhase.AWAIT_RESULT);
        assertThat(notAnswered.failure().details().asMap()).containsEntry("linesRead", 2L).containsEntry("dispatched", true);
        // The reader shares the deadline: it ends by it or by our cancellation, whichever comes first.
        assertThat(notAnswered.failure().details().asMap().get("readerOutcome")).isIn("CANCELLED", "DEADLINE");
    }

    @Test
    void amOutputWithoutBroadcastCompletedIsABroadcastFailure() throws Exception {
        ScriptedDevice device = new ScriptedDevice(true, null, null, true, "Error: Activity manager not running");

        OperatorOutcome outcome = execute(device, 5_000);

        OperatorOutcome.NotAnswered notAnswered = (OperatorOutcome.NotAnswered) outcome;
        assertThat(notAnswered.failure().code()).isEqualTo(ErrorCodes.BROADCAST_FAILED);
        assertThat(notAnswered.phase()).isEqualTo(CommandPhase.DISPATCH);
        assertThat(notAnswered.dispatched()).isTrue();
        assertThat(notAnswered.failure().message()).contains("Activity manager not running");
    }

    @Test
    void crlfLinesOfALegacyShellPtyAreRead() throws Exception {
        ScriptedDevice device = new ScriptedDevice(false, null, result("ev-7-hierarchy"), true,
                "Broadcast completed: result=0");

        assertThat(execute(device, 5_000)).isInstanceOf(OperatorOutcome.Answered.class);
    }

    @Test
    void invalidTargetsAreRefusedWithoutADeviceCall() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.fail("unexpected"))) {
            AdbOperatorGateway gateway = new AdbOperatorGateway(new AdbServerClient(server.environment()));
            Deadline deadline = Deadline.after(MonotonicClock.SYSTEM, 5_000);

            OperatorOutcome badSerial = gateway.execute(new OperatorCommand("a b", OPERATOR, "c", "t", "s", 5_000,
                    List.of()), deadline);
            OperatorOutcome badPackage = gateway.execute(new OperatorCommand(SERIAL, "x';reboot;'", "c", "t", "s",
                    5_000, List.of()), deadline);

            assertThat(((OperatorOutcome.NotAnswered) badSerial).failure().code()).isEqualTo(ErrorCodes.BROADCAST_FAILED);
            assertThat(((OperatorOutcome.NotAnswered) badPackage).failure().code())
                    .isEqualTo(ErrorCodes.OPERATOR_NOT_INSTALLED);
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void aPayloadOverTheOperatorsLimitIsNeverSent() throws Exception {
        List<OperatorAction> actions = java.util.stream.IntStream.range(0, 2_000)
                .mapToObj(i -> new OperatorAction("step-" + i, "snapshot_ui")).toList();
        try (FakeAdbServer server = new FakeAdbServer(c -> c.fail("unexpected"))) {
            OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(server.environment())).execute(
                    new OperatorCommand(SERIAL, OPERATOR, "c", "t", "s", 5_000, actions),
                    Deadline.after(MonotonicClock.SYSTEM, 5_000));

            assertThat(((OperatorOutcome.NotAnswered) outcome).failure().message()).contains("over the Operator's limit");
            assertThat(((OperatorOutcome.NotAnswered) outcome).dispatched()).isFalse();
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void theOperatorTakesTheFeaturesAnswerItsCaptureAlreadyHas() throws Exception {
        ScriptedDevice device = new ScriptedDevice(true, null, result("ev-7-hierarchy"), true,
                "Broadcast completed: result=0");
        try (FakeAdbServer server = new FakeAdbServer(device::serve)) {
            AdbServerClient client = new AdbServerClient(server.environment());
            Deadline capture = Deadline.after(MonotonicClock.SYSTEM, 5_000);

            assertThat(client.shell().run(SERIAL, "getprop", capture, 1024).succeeded()).isTrue();
            OperatorOutcome outcome = new AdbOperatorGateway(client).execute(COMMAND, capture);

            assertThat(outcome).isInstanceOf(OperatorOutcome.Answered.class);
            assertThat(server.requests().stream().filter(request -> request.endsWith(":features")))
                    .as("one features query for the capture's metadata read and its Operator").hasSize(1);
            assertThat(server.requests()).contains("shell,v2,raw:pm list packages '" + OPERATOR + "'");

            new AdbOperatorGateway(client).execute(COMMAND, Deadline.after(MonotonicClock.SYSTEM, 5_000));
            assertThat(server.requests().stream().filter(request -> request.endsWith(":features")))
                    .as("another capture asks again").hasSize(2);
        }
    }
}
