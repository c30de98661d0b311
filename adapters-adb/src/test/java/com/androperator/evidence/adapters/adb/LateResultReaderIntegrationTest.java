package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A result reader whose {@code logcat} attaches after the fallback delay (a slow phone, a loaded host)
 * must still see its command's answer: the broadcast waits for the reader's first bytes, nudged by one
 * logged line, instead of going out on time alone and being answered before anyone reads. Through the
 * real adb server: the simulated phone starts {@code logcat} 1.5 s late, the gateway's fallback is 100 ms,
 * and the 200 KB hierarchy arrives as hundreds of chunk lines, of which a late {@code -T 1} would see one.
 */
@Timeout(60)
class LateResultReaderIntegrationTest {
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final String EVIDENCE = "9b1e6c2d-0a4f-4e1b-8c3d-5f6a7b8c9d0e";
    private static final String READER_CHECK = "shell,v2,raw:" + AdbOperatorGateway.READER_CHECK_COMMAND;
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static OperatorCommand snapshot(DeviceSimulator phone) {
        return new OperatorCommand(phone.serial(), OPERATOR, EVIDENCE + "-hierarchy", EVIDENCE,
                "androperator-evidence", 10_000, List.of(new OperatorAction("snap", "snapshot_ui")));
    }

    @Test
    void aReaderThatAttachesAfterTheFallbackStillReadsItsAnswer() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().latency("logcat", 1_500).build());

        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment()), 100).execute(snapshot(phone), millis(20_000));

        assertThat(outcome).isInstanceOf(Answered.class);
        assertThat(((Answered) outcome).envelope().commandId()).isEqualTo(EVIDENCE + "-hierarchy");
        assertThat(((Answered) outcome).readerDiagnostics().chunks()).isGreaterThan(100);
        assertThat(phone.receivedServices()).containsSubsequence("shell,v2,raw:logcat -v time -T 1", READER_CHECK);
        assertThat(phone.receivedServices().stream().filter(service -> service.contains("am broadcast")).count())
                .isEqualTo(1);
        assertThat(phone.device().log().dump()).anySatisfy(line -> assertThat(line.text())
                .contains("AndroperatorEvidence").contains("waiting for the result reader"));
    }

    @Test
    void aReaderThatPrintsAtOnceIsNotNudged() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().build());

        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(snapshot(phone), millis(20_000));

        assertThat(outcome).isInstanceOf(Answered.class);
        assertThat(phone.receivedServices()).doesNotContain(READER_CHECK);
    }
}
