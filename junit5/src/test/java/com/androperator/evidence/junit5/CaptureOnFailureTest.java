package com.androperator.evidence.junit5;

import static com.androperator.evidence.junit5.Bundles.CAPTURE_MS;
import static com.androperator.evidence.junit5.Bundles.EVIDENCE_ID;
import static com.androperator.evidence.junit5.Bundles.MANIFEST;
import static com.androperator.evidence.junit5.Bundles.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.junit5.Fixtures.Scenario;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.FileEntry;
import org.opentest4j.AssertionFailedError;

/**
 * A failing test, run through the JUnit Platform test kit, captures a conforming bundle from the
 * simulated phone through the real adb server; its outcome stays exactly what the test made it.
 */
class CaptureOnFailureTest extends LabTest {
    private FixtureRun run(Class<?> fixture) {
        return fixture(fixture).run();
    }

    private FixtureRun run(Class<?> fixture, String method) {
        return fixture(fixture, method).run();
    }

    @Test
    void aFailingTestCapturesAConformingBundleWhoseContextDescribesTheFailure() {
        FixtureRun run = run(Fixtures.Outcomes.class, "fails");

        Map<String, String> entry = run.evidence("fails");
        Manifest manifest = Bundles.conformingManifest(entry);
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(manifest.label()).isEqualTo("Fixtures$Outcomes#fails failed");
        assertThat(Path.of(entry.get(MANIFEST))).isEqualTo(root.resolve("bundles").resolve(manifest.evidenceId())
                .resolve("manifest.json"));
        String uniqueId = "[engine:junit-jupiter]/[class:" + Fixtures.Outcomes.class.getName() + "]/[method:fails()]";
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("testClass", Fixtures.Outcomes.class.getName());
        expected.put("testMethod", "fails");
        expected.put("displayName", "fails()");
        expected.put("uniqueId", uniqueId);
        expected.put("originalVerdict", "failed");
        expected.put("failureType", AssertionFailedError.class.getName());
        expected.put("failureMessage", Fixtures.FAILURE + " ==> expected: <12.00 EUR> but was: <10.00 EUR>");
        expected.put("failureMessageTruncated", false);
        assertThat(manifest.context().asMap()).containsExactlyEntriesOf(expected);
        assertThat(entry).containsOnlyKeys(STATUS, MANIFEST, EVIDENCE_ID, CAPTURE_MS);
        assertThat(entry.get(STATUS)).isEqualTo("complete");
        assertThat(Long.parseLong(entry.get(CAPTURE_MS))).isNotNegative();
    }

    @Test
    void theTestStillFailsWithItsOwnExceptionAndNothingAdded() {
        FixtureRun run = run(Fixtures.Outcomes.class, "fails");

        TestExecutionResult result = run.result("fails");
        assertThat(result.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
        Throwable failure = run.failure("fails");
        assertThat(failure).isExactlyInstanceOf(AssertionFailedError.class)
                .hasMessage(Fixtures.FAILURE + " ==> expected: <12.00 EUR> but was: <10.00 EUR>");
        assertThat(failure.getSuppressed()).isEmpty();
        assertThat(failure.getCause()).isNull();
        run.results().testEvents().assertStatistics(stats -> stats.started(1).failed(1).succeeded(0).aborted(0));
    }

    @Test
    void passingAbortedAndDisabledTestsCaptureNothing() {
        long screencapsBefore = screencaps();
        FixtureRun passes = run(Fixtures.Outcomes.class, "passes");
        FixtureRun aborted = run(Fixtures.Outcomes.class, "aborted");
        FixtureRun disabled = run(Fixtures.Outcomes.class, "disabled");

        assertThat(passes.result("passes").getStatus()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        assertThat(aborted.result("aborted").getStatus()).isEqualTo(TestExecutionResult.Status.ABORTED);
        disabled.results().testEvents().assertStatistics(stats -> stats.skipped(1).started(0));
        for (FixtureRun run : List.of(passes, aborted, disabled)) {
            assertThat(run.entries()).isEmpty();
            assertThat(run.files()).isEmpty();
        }
        assertThat(root.resolve("bundles")).doesNotExist();
        assertThat(screencaps()).isEqualTo(screencapsBefore);
    }

    private static long screencaps() {
        return lab.simulator().receivedServices().stream().filter(service -> service.contains("screencap")).count();
    }

    @Test
    void theFileEntryIsACopyOfTheManifestWhereTheLauncherOffersAnOutputDirectory() throws IOException {
        Path reports = temp.resolve("reports");
        FixtureRun run = fixture(Fixtures.Outcomes.class, "fails")
                .outputDirectory(reports).run();

        Map<String, String> entry = run.evidence("fails");
        Bundles.conformingManifest(entry);
        assertThat(run.files()).hasSize(1);
        FileEntry file = run.files().get(0);
        assertThat(file.getPath().getFileName()).hasToString(EvidenceReport.MANIFEST_FILE);
        assertThat(file.getPath()).startsWith(reports);
        assertThat(file.getMediaType()).hasValue("application/json");
        assertThat(Files.readAllBytes(file.getPath())).isEqualTo(Files.readAllBytes(Path.of(entry.get(MANIFEST))));
        assertThat(run.fileEvent("fails")).isPresent();
    }

    @Test
    void theScreenIsCapturedBeforeAfterEachTearsTheAppDown() {
        Scenario.teardown = () -> lab.phone(p -> p.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.FAILED))
                .build());

        FixtureRun run = run(Fixtures.TeardownAfterFailure.class);

        Manifest manifest = Bundles.conformingManifest(run.evidence("fails"));
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(manifest.artifacts()).allMatch(artifact -> artifact.status() == ArtifactStatus.COMPLETE);
        assertThat(run.failure("fails")).isExactlyInstanceOf(AssertionFailedError.class).hasMessage(Fixtures.FAILURE);
    }

    @Test
    void aFailureInBeforeEachIsCapturedWithItsOwnMessage() {
        FixtureRun run = run(Fixtures.FailingBeforeEach.class);

        Manifest manifest = Bundles.conformingManifest(run.evidence("checksOut"));
        assertThat(manifest.context().asMap()).containsEntry("testMethod", "checksOut")
                .containsEntry("failureType", IllegalStateException.class.getName())
                .containsEntry("failureMessage", "login page did not load")
                .containsEntry("originalVerdict", "failed");
        assertThat(run.failure("checksOut")).isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("login page did not load");
    }

    @Test
    void aFailureInAfterEachIsCapturedOnceAfterTheTeardown() {
        Scenario.teardown = () -> lab.phone(p -> p.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.FAILED))
                .build());

        FixtureRun run = run(Fixtures.FailingAfterEach.class);

        Map<String, String> entry = run.evidence("checksOut");
        Manifest manifest = Bundles.conformingManifest(entry);
        // Captured when JUnit reported the failure, after the teardown: the Operator no longer answers.
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.context().asMap()).containsEntry("failureMessage", "the app did not close");
        assertThat(run.failure("checksOut")).isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("the app did not close");
        assertThat(Bundles.under(root)).hasSize(1);
    }

    @Test
    void aTestAndItsAfterEachFailingMakeOneBundleForTheTestsFailure() {
        FixtureRun run = run(Fixtures.FailingTestAndAfterEach.class);

        Manifest manifest = Bundles.conformingManifest(run.evidence("fails"));
        assertThat(manifest.context().asMap()).containsEntry("failureMessage", Fixtures.FAILURE);
        Throwable failure = run.failure("fails");
        assertThat(failure).isExactlyInstanceOf(AssertionFailedError.class).hasMessage(Fixtures.FAILURE);
        assertThat(failure.getSuppressed()).singleElement().hasFieldOrPropertyWithValue("message", "the app did not close");
        assertThat(Bundles.under(root)).hasSize(1);
    }

    @Test
    void eachFailingInvocationOfAParameterizedTestHasItsOwnBundle() {
        FixtureRun run = run(Fixtures.Parameterized.class);

        List<Map<String, String>> entries = run.entries();
        assertThat(entries).hasSize(2);
        List<Manifest> manifests = entries.stream().map(Bundles::conformingManifest).toList();
        assertThat(manifests).extracting(manifest -> manifest.context().asMap().get("displayName"))
                .containsExactly("total 1", "total 3");
        assertThat(manifests).extracting(manifest -> manifest.context().asMap().get("failureMessage"))
                .containsExactly("wrong total for 1 items", "wrong total for 3 items");
        assertThat(manifests).extracting(manifest -> (String) manifest.context().asMap().get("uniqueId"))
                .allMatch(id -> id.contains("[test-template:total(int)]")).doesNotHaveDuplicates();
        assertThat(manifests).extracting(Manifest::label).containsOnly("Fixtures$Parameterized#total failed");
        run.results().testEvents().assertStatistics(stats -> stats.failed(2).succeeded(1));
    }

    @Test
    void aNestedTestNamesItsOwnClass() {
        FixtureRun run = run(Fixtures.Outer.class);

        Manifest manifest = Bundles.conformingManifest(run.evidence("fails"));
        assertThat(manifest.context().asMap()).containsEntry("testClass", Fixtures.Outer.Inner.class.getName());
        assertThat(manifest.label()).isEqualTo("Fixtures$Outer$Inner#fails failed");
    }

    @Test
    void registeredTwiceItStillCapturesOnce() {
        Scenario.builder = CaptureEvidenceOnFailure.builder().evidenceRoot(root);

        FixtureRun run = run(Fixtures.RegisteredTwice.class);

        Bundles.conformingManifest(run.evidence("fails"));
        assertThat(Bundles.under(root)).hasSize(1);
        assertThat(run.failure("fails")).hasMessage(Fixtures.FAILURE);
    }

    @Test
    void registeredWithTheBuilderItCapturesWithTheBuildersSettings() {
        Path builderRoot = temp.resolve("builder-root");
        Scenario.builder = CaptureEvidenceOnFailure.builder()
                .adbServerSocket("tcp:127.0.0.1:" + lab.adb().port())
                .device(lab.serial())
                .operatorPackage(AdbLab.OPERATOR)
                .evidenceRoot(builderRoot)
                .timeoutMs(20_000L);

        // No configuration parameters at all: everything comes from the builder.
        FixtureRun run = FixtureRun.of(Fixtures.Programmatic.class).run();

        Map<String, String> entry = run.evidence("fails");
        Manifest manifest = Bundles.conformingManifest(entry);
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(Path.of(entry.get(MANIFEST))).startsWith(builderRoot.resolve("bundles"));
        assertThat(manifest.context().asMap()).containsEntry("testClass", Fixtures.Programmatic.class.getName());
        assertThat(run.failure("fails")).isExactlyInstanceOf(AssertionFailedError.class).hasMessage(Fixtures.FAILURE);
    }
}
