package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.DependencyProblem;
import com.androperator.evidence.domain.video.model.DependencyReason;
import com.androperator.evidence.domain.video.model.HostTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostDependencyReportTest {
    @Test
    void theRefusalNamesEveryFailingExecutableAndCarriesTheDocumentedDetails() {
        CommandResult result = Rendered.of(HostDependencyReport.refusal(List.of(
                new DependencyProblem(HostTool.SCRCPY, DependencyReason.MISSING, "scrcpy 3.0 or newer", "not on PATH"),
                new DependencyProblem(HostTool.FFMPEG, DependencyReason.UNSUPPORTED, "ffmpeg 6.1 or newer", "FFmpeg 5.1")),
                CliLikeTerms.INSTANCE.doctorCommand(null)));

        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(result.message()).contains("scrcpy is missing").contains("ffmpeg is unsupported")
                .contains("ffmpeg 6.1 or newer");
        assertThat(result.hint()).contains("brew install scrcpy ffmpeg").contains("PATH").contains("androperator doctor");
        assertThat(result.details().asMap()).containsEntry("capability", "video-recording")
                .containsEntry("docsUrl", HostDependencyReport.DOCS_URL)
                .containsEntry("dependencies", List.of(
                        Map.of("dependency", "scrcpy", "reason", "missing", "requirement", "scrcpy 3.0 or newer"),
                        Map.of("dependency", "ffmpeg", "reason", "unsupported", "requirement", "ffmpeg 6.1 or newer")));
    }

    @Test
    void theMessageNamesEveryFailingExecutableAndEveryRequirement() {
        List<DependencyProblem> problems = List.of(
                new DependencyProblem(HostTool.SCRCPY, DependencyReason.UNSUPPORTED,
                        "scrcpy 3.0 or newer on PATH whose --help lists --time-limit", "scrcpy --help does not list --time-limit"),
                new DependencyProblem(HostTool.FFMPEG, DependencyReason.UNAVAILABLE,
                        "ffmpeg 6.1 or newer on PATH with the libx264 encoder", "ffmpeg -version failed: killed at its deadline"),
                new DependencyProblem(HostTool.FFPROBE, DependencyReason.MISSING,
                        "ffprobe on PATH, from a full FFmpeg distribution", "ffprobe was not found on PATH"));

        String message = HostDependencyReport.message(problems);

        for (DependencyProblem problem : problems) {
            assertThat(message).contains(problem.dependency().command() + " is " + problem.reason().wire())
                    .contains(problem.requirement()).contains(problem.observed());
        }
        assertThat(HostDependencyReport.details(problems).asMap().get("dependencies")).asList().hasSize(3);
        assertThat(message).startsWith("Video recording needs host tools that are not usable: scrcpy is unsupported (")
                .endsWith("ffprobe on PATH, from a full FFmpeg distribution).");
        assertThat(message.split("\\); ")).as("one clause per failing executable").hasSize(problems.size());
    }

    @Test
    void theHintGivesPathGuidanceTheMacosInstallAndTheDoctorCommandAndTheGuideUrl() {
        assertThat(HostDependencyReport.hint(CliLikeTerms.INSTANCE.doctorCommand(null))).contains("PATH").contains("brew install scrcpy ffmpeg")
                .contains("androperator doctor --device <device_serial>").contains(HostDependencyReport.DOCS_URL);
        assertThat(HostDependencyReport.hint(CliLikeTerms.INSTANCE.doctorCommand("emulator-5554"))).contains("androperator doctor --device emulator-5554");
        assertThat(HostDependencyReport.DOCS_URL).isEqualTo("https://androperator.dev/docs/evidence/video-dependencies");
    }

    @Test
    void theDependencyGuideShipsWithTheSources() throws IOException {
        Path guide = Path.of("..", "docs", "video-dependencies.md");

        String text = Files.readString(guide);

        assertThat(text).contains(HostDependencyReport.DOCS_URL).contains("brew install scrcpy ffmpeg")
                .contains("androperator doctor --device <device_serial>").contains("PATH")
                .contains("`missing`").contains("`unavailable`").contains("`unsupported`")
                .contains("8.1.3").contains("ffmpeg@8").contains("-fps_mode passthrough -enc_time_base demux");
    }
}
