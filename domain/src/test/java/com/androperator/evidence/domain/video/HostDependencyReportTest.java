package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.video.HostDependencyProbe.DependencyProblem;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostDependencyReportTest {
    @Test
    void theRefusalNamesEveryFailingExecutableAndCarriesTheDocumentedDetails() {
        CommandResult result = HostDependencyReport.refusal(List.of(
                new DependencyProblem(HostTool.SCRCPY, DependencyReason.MISSING, "scrcpy 3.0 or newer", "not on PATH"),
                new DependencyProblem(HostTool.FFMPEG, DependencyReason.UNSUPPORTED, "ffmpeg 6.1 or newer", "FFmpeg 5.1")));

        assertThat(result.ok()).isFalse();
        assertThat(result.code()).isEqualTo(ErrorCodes.HOST_DEPENDENCY_MISSING);
        assertThat(result.message()).contains("scrcpy is missing").contains("ffmpeg is unsupported")
                .contains("ffmpeg 6.1 or newer");
        assertThat(result.hint()).contains("brew install scrcpy ffmpeg").contains("PATH").contains("androperator doctor");
        assertThat(result.details()).containsEntry("capability", "video-recording")
                .containsEntry("docsUrl", HostDependencyReport.DOCS_URL)
                .containsEntry("dependencies", List.of(
                        Map.of("dependency", "scrcpy", "reason", "missing", "requirement", "scrcpy 3.0 or newer"),
                        Map.of("dependency", "ffmpeg", "reason", "unsupported", "requirement", "ffmpeg 6.1 or newer")));
    }
}
