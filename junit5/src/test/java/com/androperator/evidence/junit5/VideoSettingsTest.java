package com.androperator.evidence.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.junit5.Fixtures.Scenario;
import com.androperator.evidence.junit5.VideoSettings.Mode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The video settings as a test author gives them: each bad value is one report entry in the words
 * of the other settings' errors (where it was set, what it must be, what unset means), nothing is
 * recorded and the test's outcome stays its own. No device is needed: nothing is started.
 */
class VideoSettingsTest {
    private static final String VIDEO = VideoReport.PREFIX;

    @TempDir
    Path temp;

    @AfterEach
    void resetScenario() {
        Scenario.reset();
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', value = {"off|OFF", "OFF|OFF", "on-failure|ON_FAILURE", " On-Failure |ON_FAILURE",
        "always|ALWAYS"})
    void theModesAreReadWithoutRegardToCaseOrSurroundingSpace(String text, Mode mode) {
        assertThat(Mode.parse(text)).contains(mode);
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', value = {"onfailure", "on_failure", "true", "''", "always!"})
    void anythingElseIsNoMode(String text) {
        assertThat(Mode.parse(text)).isEmpty();
    }

    @Test
    void aBadVideoParameterIsReportedByItsNameAndTheTestPasses() {
        FixtureRun run = recorded(CaptureEvidenceOnFailure.builder().environment(Map.of()))
                .parameter("androperator.evidence.video", "sometimes").run();

        assertInvalid(run, "configuration parameter androperator.evidence.video must be off, on-failure or always,"
                + " got 'sometimes': fix it or leave it unset for off");
    }

    @Test
    void aBadVideoVariableIsReportedByItsName() {
        FixtureRun run = recorded(CaptureEvidenceOnFailure.builder()
                .environment(Map.of("ANDROPERATOR_EVIDENCE_VIDEO", "yes"))).run();

        assertInvalid(run, "environment variable ANDROPERATOR_EVIDENCE_VIDEO must be off, on-failure or always,"
                + " got 'yes': fix it or leave it unset for off");
    }

    @Test
    void aBadBuilderValueIsReportedByItsMethod() {
        FixtureRun run = recorded(CaptureEvidenceOnFailure.builder().environment(Map.of()).video("never")).run();

        assertInvalid(run, "CaptureEvidenceOnFailure.builder().video(...) must be off, on-failure or always,"
                + " got 'never': fix it or leave it unset for off");
    }

    @Test
    void aBadAnnotationIsReportedWhereItIs() {
        FixtureRun run = annotated(VideoFixtures.BadVideo.class);

        assertInvalid(run, "video in @CaptureEvidenceOnFailure.Config on VideoFixtures$BadVideo must be off,"
                + " on-failure or always, got 'sometimes': fix it or leave it unset for off");
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', value = {"0", "181", "ten", "-5", "1.5", "9999"})
    void aDurationOutsideOneTo180IsReported(String seconds) {
        FixtureRun run = recorded(CaptureEvidenceOnFailure.builder().environment(Map.of()).video("on-failure"))
                .parameter("androperator.evidence.videoDurationSeconds", seconds).run();

        assertInvalid(run, "configuration parameter androperator.evidence.videoDurationSeconds must be an integer"
                + " number of seconds from 1 to 180, got '" + seconds + "': fix it or leave it unset for 180");
    }

    @Test
    void aDurationFromTheAnnotationNamesIt() {
        FixtureRun run = annotated(VideoFixtures.TooLong.class);

        assertInvalid(run, "videoDurationSeconds in @CaptureEvidenceOnFailure.Config on VideoFixtures$TooLong must be"
                + " an integer number of seconds from 1 to 180, got '181': fix it or leave it unset for 180");
    }

    @Test
    void aDurationFromTheEnvironmentNamesIt() {
        FixtureRun run = recorded(CaptureEvidenceOnFailure.builder()
                .environment(Map.of("ANDROPERATOR_EVIDENCE_VIDEO_DURATION_SECONDS", "")).video("always")).run();

        assertInvalid(run, "environment variable ANDROPERATOR_EVIDENCE_VIDEO_DURATION_SECONDS must be an integer"
                + " number of seconds from 1 to 180, got '': fix it or leave it unset for 180");
    }

    @Test
    void videoOffReadsNoDurationAndReportsNothing() {
        FixtureRun run = recorded(CaptureEvidenceOnFailure.builder().environment(Map.of()).video("off"))
                .parameter("androperator.evidence.videoDurationSeconds", "forever").run();

        assertThat(run.result("passes").getStatus()).hasToString("SUCCESSFUL");
        assertThat(run.entries()).isEmpty();
        assertThat(Bundles.under(temp.resolve("evidence"))).isEmpty();
    }

    /** The passing fixture with {@code builder}, which sets the environment the extension reads (none by default). */
    private FixtureRun.Builder recorded(CaptureEvidenceOnFailure.Builder builder) {
        Scenario.builder = builder;
        return FixtureRun.of(VideoFixtures.Recorded.class, "passes").parameters(rootOnly());
    }

    /** A fixture whose Config sets the video, with an empty environment. */
    private FixtureRun annotated(Class<?> fixture) {
        Scenario.builder = CaptureEvidenceOnFailure.builder().environment(Map.of());
        return FixtureRun.of(fixture).parameters(rootOnly()).run();
    }

    private Map<String, String> rootOnly() {
        return Map.of("androperator.evidence.root", temp.resolve("evidence").toString());
    }

    private static void assertInvalid(FixtureRun run, String message) {
        assertThat(run.result("passes").getStatus()).hasToString("SUCCESSFUL");
        assertThat(run.evidence("passes")).containsExactly(Map.entry(VIDEO + "status", "not_recorded"),
                Map.entry(VIDEO + "code", "EXECUTION_VALIDATION_FAILED"), Map.entry(VIDEO + "message", message));
        assertThat(run.entries()).hasSize(1);
    }
}
