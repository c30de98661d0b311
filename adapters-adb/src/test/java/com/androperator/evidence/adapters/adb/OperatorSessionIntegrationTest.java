package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.OperatorGateway;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchy;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.NotAnswered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorSession;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorGeneration;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One session per capture through the real adb server to the simulated phone: the readiness
 * command and the snapshot share one package check and one logcat reader, started before the
 * first dispatch, in every Operator generation; each command is answered from its own window.
 */
@Timeout(60)
class OperatorSessionIntegrationTest {
    private static final String EVIDENCE = "7b0c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f5a";
    private static final String XML = HierarchyFixtures.linePerElement(HierarchyFixtures.settings(20_000, 1080, 2400));
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static DeviceSimulator phone(String operatorPackage, OperatorGeneration generation) {
        return adb.attach(SimulatorProfile.builder().operatorAs(operatorPackage, "0.12.4", generation)
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("hierarchy.xml",
                        XML.getBytes(StandardCharsets.UTF_8)))).build());
    }

    private static OperatorCommand command(DeviceSimulator phone, String operatorPackage, String suffix,
                                           OperatorAction action) {
        return new OperatorCommand(phone.serial(), operatorPackage, EVIDENCE + "-" + suffix, EVIDENCE,
                "androperator-evidence", 10_000, List.of(action));
    }

    private static Answered answered(OperatorOutcome outcome) {
        assertThat(outcome).as(String.valueOf(outcome)).isInstanceOf(Answered.class);
        return (Answered) outcome;
    }

    private static long services(DeviceSimulator phone, String part) {
        return phone.receivedServices().stream().filter(service -> service.contains(part)).count();
    }

    private static int indexOf(List<String> services, String part) {
        for (int i = 0; i < services.size(); i++) {
            if (services.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }

    private static void assertNoReaderThreadLeft() {
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.isAlive()
                && t.getName().startsWith("operator-result-reader-"));
    }

    @ParameterizedTest(name = "{0} as {1}")
    @CsvSource({
        "com.androperator.operator.dev, ANDROPERATOR",
        "com.clawperator.operator, CLAWPERATOR",
        "com.clawperator.operator.dev, CLAWPERATOR_LOGCAT"})
    void readinessAndSnapshotShareOnePackageCheckAndOneReaderStartedBeforeTheFirstDispatch(String operatorPackage,
                                                                                           OperatorGeneration generation) {
        DeviceSimulator phone = phone(operatorPackage, generation);
        Deadline budget = millis(20_000);
        Answered readiness;
        Answered snapshot;

        try (OperatorSession session = new AdbOperatorGateway(new AdbServerClient(adb.environment())).open(phone.serial(), operatorPackage)) {
            readiness = answered(session.execute(command(phone, operatorPackage, "readiness",
                    new OperatorAction("h1", "doctor_ping")), budget));
            snapshot = answered(session.execute(command(phone, operatorPackage, "hierarchy",
                    new OperatorAction("snap", "snapshot_ui")), budget));
        }

        assertThat(readiness.envelope().commandId()).isEqualTo(EVIDENCE + "-readiness");
        assertThat(readiness.envelope().stepResults().get(0).readiness().ready()).isTrue();
        assertThat(snapshot.envelope().stepResults().get(0).readiness()).isEqualTo(OperatorGateway.Readiness.UNKNOWN);
        assertThat(snapshot.envelope().commandId()).isEqualTo(EVIDENCE + "-hierarchy");
        String xml = generation == OperatorGeneration.CLAWPERATOR_LOGCAT
                ? ((LoggedHierarchy.Found) snapshot.loggedHierarchy()).xml().readString()
                : snapshot.envelope().stepResults().get(0).text().readString();
        assertThat(xml).isEqualTo(XML);
        // The readiness window held no hierarchy: each command is answered from the lines after its own dispatch.
        assertThat(readiness.loggedHierarchy()).isInstanceOf(LoggedHierarchy.Absent.class);
        List<String> received = phone.receivedServices();
        assertThat(services(phone, "pm list packages")).isEqualTo(1);
        assertThat(services(phone, "logcat")).isEqualTo(1);
        assertThat(services(phone, "am broadcast")).isEqualTo(2);
        assertThat(indexOf(received, "pm list packages")).isLessThan(indexOf(received, "logcat"));
        assertThat(indexOf(received, "logcat")).isLessThan(indexOf(received, "doctor_ping"));
        assertThat(indexOf(received, "doctor_ping")).isLessThan(indexOf(received, "snapshot_ui"));
        assertNoReaderThreadLeft();
        readiness.release();
        snapshot.release();
    }

    @Test
    void theOtherVariantInstalledRefusesTheFirstCommandBeforeAnyReaderStarts() {
        DeviceSimulator phone = phone("com.androperator.operator", OperatorGeneration.ANDROPERATOR);

        OperatorOutcome outcome;
        try (OperatorSession session = new AdbOperatorGateway(new AdbServerClient(adb.environment())).open(phone.serial(),
                "com.androperator.operator.dev")) {
            outcome = session.execute(command(phone, "com.androperator.operator.dev", "readiness",
                    new OperatorAction("h1", "doctor_ping")), millis(10_000));
        }

        assertThat(outcome).isInstanceOf(NotAnswered.class);
        assertThat(((NotAnswered) outcome).failure().code()).isEqualTo(ErrorCodes.OPERATOR_VARIANT_MISMATCH);
        assertThat(((NotAnswered) outcome).dispatched()).isFalse();
        assertThat(phone.receivedServices()).noneMatch(s -> s.contains("logcat") || s.contains("am broadcast"));
        assertNoReaderThreadLeft();
    }
}
