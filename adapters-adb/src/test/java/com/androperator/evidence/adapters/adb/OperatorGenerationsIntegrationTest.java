package com.androperator.evidence.adapters.adb;

import static com.androperator.evidence.adapters.adb.SystemDeadlines.millis;
import static com.androperator.evidence.domain.port.contract.OperatorOutcomes.answered;
import static com.androperator.evidence.domain.port.contract.OperatorOutcomes.notAnswered;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchy;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchyScan;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.Answered;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.NotAnswered;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.fixtures.LogcatEdge;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.LogcatHierarchy;
import com.androperator.evidence.simulator.profile.OperatorGeneration;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every Operator generation (reference-compat.md §3) through the real adb server to a simulated
 * phone playing it: the names spoken follow from the selected package, the hierarchy comes from
 * data.text or from the command's tagged logcat records, and the package is checked (variant
 * included) before every dispatch.
 */
@Timeout(60)
class OperatorGenerationsIntegrationTest {
    private static final String EVIDENCE = "6a0c2a9e-5d1b-4c8e-9a77-0b1e2d3c4f5a";
    private static final String CLAWPERATOR = "com.clawperator.operator.dev";
    private static final String XML = HierarchyFixtures.linePerElement(HierarchyFixtures.settings(20_000, 1080, 2400));
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    private static DeviceSimulator phone(String operatorPackage, OperatorGeneration generation,
                                         UnaryOperator<SimulatorProfile.Builder> change) {
        return adb.attach(change.apply(SimulatorProfile.builder()
                .operatorAs(operatorPackage, "0.12.4", generation)
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("hierarchy.xml",
                        XML.getBytes(StandardCharsets.UTF_8))))).build());
    }

    private static OperatorOutcome snapshot(DeviceSimulator phone, String operatorPackage) {
        return new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(new OperatorCommand(phone.serial(), operatorPackage,
                EVIDENCE + "-hierarchy", EVIDENCE, "androperator-evidence", 10_000,
                List.of(new OperatorAction("snap", "snapshot_ui"))), millis(15_000));
    }

    private static List<String> broadcasts(DeviceSimulator phone) {
        return phone.receivedServices().stream().filter(service -> service.contains("am broadcast")).toList();
    }


    private static String logged(Answered answered) {
        assertThat(answered.loggedHierarchy()).isInstanceOf(LoggedHierarchy.Found.class);
        return ((LoggedHierarchy.Found) answered.loggedHierarchy()).xml().readString();
    }

    @ParameterizedTest(name = "{0} as {1}")
    @CsvSource({
        "com.androperator.operator, ANDROPERATOR, app.androperator.operator.ACTION_AGENT_COMMAND",
        "com.androperator.operator.dev, ANDROPERATOR, app.androperator.operator.ACTION_AGENT_COMMAND",
        "com.clawperator.operator, CLAWPERATOR, app.clawperator.operator.ACTION_AGENT_COMMAND",
        "com.clawperator.operator.dev, CLAWPERATOR, app.clawperator.operator.ACTION_AGENT_COMMAND"})
    void theNamesFollowFromThePackageAndTheXmlComesInDataText(String operatorPackage, OperatorGeneration generation,
                                                              String action) {
        DeviceSimulator phone = phone(operatorPackage, generation, b -> b);

        Answered answered = answered(snapshot(phone, operatorPackage));

        assertThat(answered.envelope().stepResults().get(0).text().readString()).isEqualTo(XML);
        assertThat(answered.loggedHierarchy()).isInstanceOf(LoggedHierarchy.Absent.class);
        // 20 KB of XML is chunked: the chunk marker of the generation was read.
        assertThat(answered.readerDiagnostics().chunks()).isGreaterThan(1);
        assertThat(broadcasts(phone)).singleElement().asString()
                .contains("am broadcast -a " + action + " -p '" + operatorPackage + "'");
    }

    @Test
    void aClawperatorPackageNeverSpeaksTheAndroperatorNames() {
        // An Operator under a Clawperator name that answers only the Androperator action: the package is never
        // switched and the names never guessed, so nothing answers.
        DeviceSimulator phone = phone(CLAWPERATOR, OperatorGeneration.ANDROPERATOR, b -> b);

        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(new OperatorCommand(phone.serial(),
                CLAWPERATOR, EVIDENCE + "-hierarchy", EVIDENCE, "androperator-evidence", 1_000,
                List.of(new OperatorAction("snap", "snapshot_ui"))), millis(2_000));

        notAnswered(outcome, ErrorCodes.COMMAND_TIMEOUT);
        assertThat(broadcasts(phone)).singleElement().asString().contains("app.clawperator.operator.ACTION_AGENT_COMMAND");
    }

    @Test
    void aClawperatorBefore0123LogsTheHierarchyAsTaggedRecords() {
        DeviceSimulator phone = phone(CLAWPERATOR, OperatorGeneration.CLAWPERATOR_LOGCAT, b -> b);

        Answered answered = answered(snapshot(phone, CLAWPERATOR));

        assertThat(answered.envelope().stepResults().get(0).text()).isNull();
        assertThat(logged(answered)).isEqualTo(XML);
        LoggedHierarchyScan diagnostics = answered.readerDiagnostics().loggedHierarchy();
        assertThat(diagnostics.tag()).isEqualTo(LogcatHierarchy.TAG);
        assertThat(diagnostics.markerFound()).isTrue();
        assertThat(diagnostics.records()).isEqualTo(XML.lines().count() + 1);
        answered.release();
    }

    @Test
    void anOperatorThatLogsOnlyTheUntaggedMarkerIsTold() {
        DeviceSimulator phone = phone(CLAWPERATOR, OperatorGeneration.CLAWPERATOR_LOGCAT,
                b -> b.operator(op -> op.withLogcat(LogcatHierarchy.UNTAGGED)));

        Answered answered = answered(snapshot(phone, CLAWPERATOR));

        assertThat(answered.loggedHierarchy()).isInstanceOf(LoggedHierarchy.UntaggedMarkerOnly.class);
    }

    private static String scripted(String script) {
        DeviceSimulator phone = phone(CLAWPERATOR, OperatorGeneration.CLAWPERATOR_LOGCAT,
                b -> b.operator(op -> op.withLogcat(LogcatHierarchy.scripted(ProfileFile.inMemory("script.txt",
                        script.getBytes(StandardCharsets.UTF_8))))));
        Answered answered = answered(snapshot(phone, CLAWPERATOR));
        String xml = logged(answered);
        answered.release();
        return xml;
    }

    @ParameterizedTest
    @EnumSource(LogcatEdge.class)
    void logcatEdgeCasesOfTheExtractionRules(LogcatEdge edge) {
        assertThat(scripted(edge.script)).isEqualTo(edge.expectedXml);
    }

    @Test
    void aHugeLoggedHierarchyIsSpooledNotHeld() {
        String big = HierarchyFixtures.linePerElement(HierarchyFixtures.settings(6 * 1024 * 1024, 1080, 2400));
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .operatorAs(CLAWPERATOR, "0.12.2", OperatorGeneration.CLAWPERATOR_LOGCAT)
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", big.getBytes(StandardCharsets.UTF_8))))
                .build());

        Answered answered = answered(new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(new OperatorCommand(phone.serial(),
                CLAWPERATOR, EVIDENCE + "-hierarchy", EVIDENCE, "androperator-evidence", 30_000,
                List.of(new OperatorAction("snap", "snapshot_ui"))), millis(40_000)));

        LoggedHierarchy.Found found = (LoggedHierarchy.Found) answered.loggedHierarchy();
        assertThat(found.xml().utf8Length()).isEqualTo(big.getBytes(StandardCharsets.UTF_8).length);
        assertThat(found.xml().readString()).isEqualTo(big);
        assertThat(answered.readerDiagnostics().loggedHierarchy().spooledToDisk()).isTrue();
        answered.release();
    }

    @ParameterizedTest(name = "selected {0}, installed {1}")
    @CsvSource({
        "com.androperator.operator.dev, com.androperator.operator",
        "com.androperator.operator, com.androperator.operator.dev",
        "com.clawperator.operator.dev, com.clawperator.operator",
        "com.clawperator.operator, com.clawperator.operator.dev"})
    void theOtherVariantInstalledIsAVariantMismatchAndNothingIsSent(String selected, String installed) {
        DeviceSimulator phone = phone(installed, installed.startsWith("com.clawperator.")
                ? OperatorGeneration.CLAWPERATOR : OperatorGeneration.ANDROPERATOR, b -> b);

        NotAnswered outcome = notAnswered(snapshot(phone, selected), ErrorCodes.OPERATOR_VARIANT_MISMATCH);

        assertThat(outcome.failure().message()).startsWith("Expected " + selected + " but found " + installed);
        assertThat(outcome.failure().details().asMap()).containsEntry("expectedPackage", selected)
                .containsEntry("installedPackage", installed);
        assertThat(outcome.phase()).isEqualTo(CommandPhase.INSTALLED_CHECK);
        assertThat(outcome.dispatched()).isFalse();
        assertThat(broadcasts(phone)).isEmpty();
    }

    @Test
    void neitherVariantIsNotInstalledAndSimilarNamesDoNotCount() {
        // pm list packages matches substrings: com.clawperator.operator.devtools is not the .dev variant.
        DeviceSimulator phone = phone("com.clawperator.operator.devtools", OperatorGeneration.CLAWPERATOR,
                b -> b.installPackage("com.clawperator.operatorx", "1"));

        NotAnswered outcome = notAnswered(snapshot(phone, "com.clawperator.operator"), ErrorCodes.OPERATOR_NOT_INSTALLED);

        assertThat(outcome.failure().message()).contains("com.clawperator.operator.dev");
        assertThat(broadcasts(phone)).isEmpty();
    }

    @Test
    void thePackageIsCheckedBeforeEveryDispatch() {
        DeviceSimulator phone = phone(CLAWPERATOR, OperatorGeneration.CLAWPERATOR, b -> b);
        answered(snapshot(phone, CLAWPERATOR)).release();
        phone.updateProfile(p -> p.toBuilder().uninstallPackage(CLAWPERATOR)
                .installPackage("com.clawperator.operator", "0.12.4").build());

        notAnswered(snapshot(phone, CLAWPERATOR), ErrorCodes.OPERATOR_VARIANT_MISMATCH);

        assertThat(phone.receivedServices().stream().filter(s -> s.contains("pm list packages"))).hasSize(3);
        assertThat(broadcasts(phone)).hasSize(1);
    }
}
