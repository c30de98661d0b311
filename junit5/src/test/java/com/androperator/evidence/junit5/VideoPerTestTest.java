package com.androperator.evidence.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.SessionRef;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.video.VideoStartCommand;
import com.androperator.evidence.junit5.Fixtures.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Video per test in a test run, in process: the lab's simulated phone through the real adb
 * server, the fake scrcpy writing real H.264 through the real ffmpeg 6.1.1, and the real detached
 * worker. The tests' outcomes are their own whatever the recording does.
 */
class VideoPerTestTest extends LabTest {
    private static final String VIDEO = VideoReport.PREFIX;

    @AfterEach
    void noRecordingOutlivesTheTest() {
        VideoFixtures.progress = null;
        assertThat(VideoToolbox.awaitNoProcessMentions(temp, Duration.ofSeconds(60)))
                .as("no worker or recorder of this test is left").isTrue();
    }

    @Test
    void aRecordingThatCannotStartIsReportedAndEachTestKeepsItsOwnOutcome() {
        VideoToolbox toolbox = VideoToolbox.prepare(temp);
        Scenario.builder = CaptureEvidenceOnFailure.builder()
                .environment(toolbox.environmentWithoutScrcpy(lab.environment())).video("on-failure");

        FixtureRun run = fixture(VideoFixtures.Recorded.class).parameter(CiAttachments.ALLURE_PARAMETER, "off").run();

        assertThat(run.result("passes").getStatus()).hasToString("SUCCESSFUL");
        assertThat(run.failure("fails")).isExactlyInstanceOf(AssertionFailedError.class).hasMessage(Fixtures.FAILURE);
        for (String test : List.of("passes", "fails")) {
            Map<String, String> video = run.entries(test).get(0);
            assertThat(video).containsEntry(VIDEO + "status", "not_recorded")
                    .containsEntry(VIDEO + "code", "HOST_DEPENDENCY_MISSING");
            assertThat(video.get(VIDEO + "message")).contains("scrcpy");
        }
        // The still capture on failure happens all the same; it is the only bundle.
        Map<String, String> still = run.entries("fails").get(1);
        assertThat(still).containsEntry(Bundles.STATUS, "complete");
        assertThat(Bundles.under(root)).containsExactly(Path.of(still.get(Bundles.MANIFEST)).getParent());
    }

    @Test
    void alwaysKeepsAPassingTestsVerifiedVideoAndNamesItInTheReport() throws IOException {
        VideoToolbox toolbox = VideoToolbox.prepare(temp);
        Map<String, String> environment = toolbox.environment(lab.environment());
        VideoFixtures.progress = Path.of(environment.get("FAKE_SCRCPY_PROGRESS_DIR"));
        Scenario.builder = CaptureEvidenceOnFailure.builder().environment(environment).video("always")
                .videoDurationSeconds(30);

        FixtureRun run = fixture(VideoFixtures.Recorded.class, "passes").parameter(CiAttachments.ALLURE_PARAMETER, "off")
                .outputDirectory(temp.resolve("reports")).run();

        assertThat(run.result("passes").getStatus()).hasToString("SUCCESSFUL");
        Map<String, String> video = run.evidence("passes");
        assertThat(video).containsEntry(VIDEO + "status", "complete").doesNotContainKey(VIDEO + "code");
        Path manifest = Path.of(video.get(VIDEO + "manifest"));
        Conformance.assertConforms(manifest.getParent());
        Manifest read = ContractJson.read(Files.readAllBytes(manifest), Manifest.class);
        assertThat(read.video().requestedDurationSeconds()).isEqualTo(30);
        assertThat(read.label()).isEqualTo("VideoFixtures$Recorded#passes recording");
        assertThat(read.context().asMap()).containsEntry("testMethod", "passes").doesNotContainKey("originalVerdict");
        assertThat(manifest.resolveSibling("video.mp4")).isRegularFile();
        assertThat(run.files()).singleElement()
                .satisfies(file -> assertThat(file.getPath()).hasFileName(VideoReport.MANIFEST_FILE).hasSameTextualContentAs(manifest));
        assertThat(Bundles.under(root)).containsExactly(manifest.getParent());
    }

    @Test
    void aDeviceThatIsAlreadyRecordingIsReportedAndItsRecordingIsLeftAlone() {
        VideoToolbox toolbox = VideoToolbox.prepare(temp);
        Map<String, String> environment = toolbox.environment(lab.environment());
        Map<String, String> elsewhere = new HashMap<>(environment);
        elsewhere.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("elsewhere").toString());
        EvidenceVideo other = new EvidenceVideo(VideoDependencies.defaults().withEnvironment(elsewhere));
        CommandResult busy = other.start(VideoStartCommand.builder().deviceSerial(lab.serial()).durationSeconds(30)
                .build()).result();
        assertThat(busy.ok()).as("%s", busy).isTrue();
        Scenario.builder = CaptureEvidenceOnFailure.builder().environment(environment).video("on-failure");

        FixtureRun run = fixture(VideoFixtures.Recorded.class).parameter(CiAttachments.ALLURE_PARAMETER, "off").run();

        assertThat(run.result("passes").getStatus()).hasToString("SUCCESSFUL");
        assertThat(run.failure("fails")).isExactlyInstanceOf(AssertionFailedError.class).hasMessage(Fixtures.FAILURE);
        for (String test : List.of("passes", "fails")) {
            assertThat(run.entries(test).get(0)).containsEntry(VIDEO + "status", "not_recorded")
                    .containsEntry(VIDEO + "code", "EVIDENCE_RECORDING_ACTIVE");
        }
        assertThat(other.status(SessionRef.manifestPath(busy.manifestPath())).result().status()).isEqualTo("recording");
        assertThat(other.stop(SessionRef.manifestPath(busy.manifestPath())).result().status()).isEqualTo("complete");
        assertThat(Bundles.under(root)).hasSize(1);
    }

    @Test
    void aTestWhoseTeardownFailsIsAFailedTestAndKeepsItsRecording() {
        VideoToolbox toolbox = VideoToolbox.prepare(temp);
        Map<String, String> environment = toolbox.environment(lab.environment());
        VideoFixtures.progress = Path.of(environment.get("FAKE_SCRCPY_PROGRESS_DIR"));
        Scenario.builder = CaptureEvidenceOnFailure.builder().environment(environment).video("on-failure");

        FixtureRun run = fixture(VideoFixtures.FailingTeardown.class).parameter(CiAttachments.ALLURE_PARAMETER, "off")
                .run();

        assertThat(run.failure("passes")).hasMessage("the checkout could not be closed");
        List<Map<String, String>> entries = run.entries("passes");
        assertThat(entries).hasSize(2);
        Map<String, String> still = entries.get(0);
        Map<String, String> video = entries.get(1);
        assertThat(video).containsEntry(VIDEO + "status", "complete");
        Path videoManifest = Path.of(video.get(VIDEO + "manifest"));
        Conformance.assertConforms(videoManifest.getParent());
        // The still capture of a failure comes after the recording has stopped and settled.
        Manifest recorded = VideoToolbox.readJson(videoManifest, Manifest.class);
        Manifest captured = VideoToolbox.readJson(Path.of(still.get(Bundles.MANIFEST)), Manifest.class);
        assertThat(Instant.parse(captured.startedAt())).isAfterOrEqualTo(Instant.parse(recorded.finishedAt()));
        assertThat(Bundles.under(root)).containsExactlyInAnyOrder(videoManifest.getParent(),
                Path.of(still.get(Bundles.MANIFEST)).getParent());
    }

    @Test
    void aRecordingWithoutADeviceSerialSaysWhereToSetOne() {
        VideoToolbox toolbox = VideoToolbox.prepare(temp);
        Map<String, String> environment = toolbox.environment(lab.environment());
        environment.remove("ANDROID_SERIAL");
        Scenario.builder = CaptureEvidenceOnFailure.builder().environment(environment).video("always");

        FixtureRun run = fixture(VideoFixtures.Recorded.class, "passes").without("androperator.evidence.device").run();

        assertThat(run.result("passes").getStatus()).hasToString("SUCCESSFUL");
        assertThat(run.evidence("passes")).containsEntry(VIDEO + "status", "not_recorded")
                .containsEntry(VIDEO + "code", "EXECUTION_VALIDATION_FAILED")
                .containsEntry(VIDEO + "message", "Video start requires an explicit device (a recording needs one: set it"
                        + " with @CaptureEvidenceOnFailure.Config(device), configuration parameter"
                        + " androperator.evidence.device or environment variable ANDROID_SERIAL): give the serial exactly"
                        + " as `adb devices` lists it (or set ANDROID_SERIAL).");
        assertThat(Bundles.under(root)).isEmpty();
    }
}
