package com.androperator.evidence.junit5;

import static com.androperator.evidence.junit5.Bundles.CAPTURE_MS;
import static com.androperator.evidence.junit5.Bundles.CODE;
import static com.androperator.evidence.junit5.Bundles.EVIDENCE_ID;
import static com.androperator.evidence.junit5.Bundles.MANIFEST;
import static com.androperator.evidence.junit5.Bundles.MESSAGE;
import static com.androperator.evidence.junit5.Bundles.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.junit5.Fixtures.Scenario;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opentest4j.AssertionFailedError;

/**
 * A capture that cannot be made, or is made incomplete, is reported in the test's report entry
 * with its code and a message that names the setting to change; the test's own outcome and
 * exception stay as they were.
 */
class CaptureErrorsTest extends LabTest {
    private static final String FAILURE_MESSAGE = Fixtures.FAILURE + " ==> expected: <12.00 EUR> but was: <10.00 EUR>";
    private FixtureRun.Builder failing() {
        return fixture(Fixtures.Outcomes.class, "fails");
    }

    /** The test failed exactly as it would have without the extension. */
    private static void assertOutcomeUnchanged(FixtureRun run) {
        Throwable failure = run.failure("fails");
        assertThat(failure).isExactlyInstanceOf(AssertionFailedError.class).hasMessage(FAILURE_MESSAGE);
        assertThat(failure.getSuppressed()).isEmpty();
        run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1).succeeded(0));
    }

    private Map<String, String> assertNotCaptured(FixtureRun run, String code) {
        assertOutcomeUnchanged(run);
        Map<String, String> entry = run.evidence("fails");
        assertThat(entry.keySet()).contains(STATUS, CODE, MESSAGE, CAPTURE_MS)
                .isSubsetOf(STATUS, CODE, MESSAGE, CAPTURE_MS, "androperator.evidence.hint");
        assertThat(entry).containsEntry(STATUS, "not_captured").containsEntry(CODE, code)
                .doesNotContainKeys(MANIFEST, EVIDENCE_ID);
        assertThat(Bundles.under(root)).isEmpty();
        assertThat(run.files()).isEmpty();
        return entry;
    }

    @Test
    void noSuchDeviceIsReportedAndNothingIsCreated() {
        FixtureRun run = failing().parameter("androperator.evidence.device", "emulator-5999").run();

        Map<String, String> entry = assertNotCaptured(run, "DEVICE_NOT_FOUND");
        assertThat(entry.get(MESSAGE)).contains("emulator-5999");
    }

    @Test
    void anUnreachableAdbServerIsReportedNamingTheSettingThatChoseIt() throws IOException {
        FixtureRun run = failing().parameter("androperator.adb.serverSocket", "tcp:127.0.0.2:" + FixtureRun.closedPort()).run();

        Map<String, String> entry = assertNotCaptured(run, "ADB_UNAVAILABLE");
        assertThat(entry.get(MESSAGE)).contains("no adb server answers at 127.0.0.2:")
                .contains("configuration parameter androperator.adb.serverSocket")
                .doesNotContain("ADB_SERVER_SOCKET");
    }

    @Test
    void noAdbOnPathAndNoServerIsReported() throws IOException {
        Scenario.builder = CaptureEvidenceOnFailure.builder()
                .environment(Map.of("PATH", temp.resolve("no-adb-here").toString(), "HOME", temp.toString()))
                .adbServerPort(FixtureRun.closedPort());

        FixtureRun run = FixtureRun.of(Fixtures.Programmatic.class)
                .parameter("androperator.evidence.root", root.toString()).run();

        assertThat(run.failure("fails")).isExactlyInstanceOf(AssertionFailedError.class).hasMessage(Fixtures.FAILURE);
        Map<String, String> entry = run.evidence("fails");
        assertThat(entry).containsEntry(STATUS, "not_captured").containsEntry(CODE, "ADB_NOT_FOUND");
        assertThat(entry.get(MESSAGE)).contains("adb is not on PATH");
        assertThat(Bundles.under(root)).isEmpty();
    }

    @Test
    void aPhoneWithOnlyTheOtherOperatorVariantGivesAPartialConformingBundleThatIsReported() {
        Path reports = temp.resolve("reports");
        FixtureRun run = failing().without("androperator.evidence.operatorPackage").outputDirectory(reports).run();

        assertOutcomeUnchanged(run);
        Map<String, String> entry = run.evidence("fails");
        Manifest manifest = Bundles.conformingManifest(entry);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        // The simulated phone has the .dev variant only; the default package is never switched to it.
        assertThat(manifest.errors()).extracting(BundleError::code).contains("OPERATOR_VARIANT_MISMATCH");
        assertThat(manifest.errors()).extracting(BundleError::message)
                .anyMatch(message -> message.contains("Expected " + EvidenceSettings.DEFAULT_OPERATOR_PACKAGE
                        + " but found " + EvidenceSettings.DEFAULT_OPERATOR_PACKAGE + ".dev"));
        assertThat(entry).containsEntry(STATUS, "partial").containsEntry(CODE, "EVIDENCE_CAPTURE_FAILED");
        assertThat(entry.get(MESSAGE)).contains("OPERATOR_VARIANT_MISMATCH");
        assertThat(run.files()).hasSize(1);
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");
    }

    @Test
    void aFailedBundleIsReportedWithItsManifest() {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.fail(1, "screencap: no display\n"))
                .operator(op -> op.withBehavior(OperatorBehavior.FAILED)).build());

        FixtureRun run = failing().run();

        assertOutcomeUnchanged(run);
        Map<String, String> entry = run.evidence("fails");
        Manifest manifest = Bundles.conformingManifest(entry);
        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(entry).containsEntry(STATUS, "failed").containsEntry(CODE, "EVIDENCE_CAPTURE_FAILED");
        // The bundle's verdict never replaces the test's.
        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");
    }

    @Test
    void anExceptionInsideTheCaptureIsReportedNotThrown() {
        FixtureRun run = fixture(Fixtures.UnreadableMessage.class)
                .run();

        assertThat(run.failure("fails")).isExactlyInstanceOf(Fixtures.UnreadableMessage.Unreadable.class);
        assertThat(run.failure("fails").getSuppressed()).isEmpty();
        Map<String, String> entry = run.evidence("fails");
        assertThat(entry).containsEntry(STATUS, "not_captured").containsEntry(CODE, "EVIDENCE_CAPTURE_FAILED");
        assertThat(entry.get(MESSAGE)).isEqualTo("the evidence capture threw java.lang.IllegalStateException: this"
                + " message cannot be read; the test's own result is unchanged");
        assertThat(Bundles.under(root)).isEmpty();
    }

    @Test
    void anEvidenceRootThatIsAFileIsReportedAsUnwritable() throws IOException {
        Path file = Files.writeString(temp.resolve("not-a-directory"), "x");

        FixtureRun run = failing().parameter("androperator.evidence.root", file.toString()).run();

        assertOutcomeUnchanged(run);
        Map<String, String> entry = run.evidence("fails");
        assertThat(entry).containsEntry(STATUS, "not_captured").containsEntry(CODE, "EVIDENCE_STORAGE_UNWRITABLE")
                .doesNotContainKey(MANIFEST);
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    static Stream<Arguments> invalidConfigurations() {
        return Stream.of(
                Arguments.of("androperator.evidence.timeoutMs", "abc",
                        "configuration parameter androperator.evidence.timeoutMs must be an integer number of"
                                + " milliseconds from 1000 to 120000, got 'abc'"),
                Arguments.of("androperator.evidence.timeoutMs", "500",
                        "configuration parameter androperator.evidence.timeoutMs must be an integer from 1000 to"
                                + " 120000 milliseconds, got 500"),
                Arguments.of("androperator.evidence.device", "bad serial!",
                        "configuration parameter androperator.evidence.device may contain only letters"),
                Arguments.of("androperator.evidence.device", " ",
                        "configuration parameter androperator.evidence.device must not be blank"),
                Arguments.of("androperator.evidence.operatorPackage", "not a package",
                        "configuration parameter androperator.evidence.operatorPackage must be a package identifier"),
                Arguments.of("androperator.evidence.root", " ",
                        "configuration parameter androperator.evidence.root is set but empty"),
                Arguments.of("androperator.adb.serverSocket", "",
                        "configuration parameter androperator.adb.serverSocket is empty"),
                Arguments.of("androperator.adb.serverPort", " ",
                        "configuration parameter androperator.adb.serverPort is empty"));
    }

    @ParameterizedTest(name = "{0}=''{1}''")
    @MethodSource("invalidConfigurations")
    void anInvalidSettingIsReportedInTheTermsItWasGivenIn(String key, String value, String says) {
        FixtureRun run = failing().parameter(key, value).run();

        Map<String, String> entry = assertNotCaptured(run, "EXECUTION_VALIDATION_FAILED");
        assertThat(entry.get(MESSAGE)).contains(says).doesNotContain("--");
    }

    @Test
    void anAdbSocketThatIsNotOneIsReportedInTheTermsItWasGivenIn() {
        FixtureRun run = failing().parameter("androperator.adb.serverSocket", "udp:127.0.0.1:5037").run();

        Map<String, String> entry = assertNotCaptured(run, "ADB_UNAVAILABLE");
        assertThat(entry.get(MESSAGE))
                .contains("configuration parameter androperator.adb.serverSocket=udp:127.0.0.1:5037 is not tcp:HOST:PORT");
    }
}
