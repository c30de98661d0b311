package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.DependencyProblem;
import java.util.ArrayList;
import java.util.List;

/**
 * The HOST_DEPENDENCY_MISSING payload: a message naming every failing executable and requirement,
 * installation hint, details.capability, details.dependencies and details.docsUrl. Doctor reports
 * the same facts as an advisory warning.
 */
public final class HostDependencyReport {
    public static final String CAPABILITY = "video-recording";
    /**
     * The dependency guide. The same guide ships with the sources as docs/video-dependencies.md:
     * what is required, per-OS installation, PATH guidance, the doctor command, what each reason
     * means and the FFmpeg 8.1.3 workaround note.
     */
    public static final String DOCS_URL = "https://androperator.dev/docs/evidence/video-dependencies";
    public static final String MACOS_INSTALL = "brew install scrcpy ffmpeg";

    private HostDependencyReport() {
    }

    /**
     * Installation and PATH guidance, the macOS install command, and {@code doctorCommand} to rerun
     * before retrying (the calling edge's {@code CallerTerms.doctorCommand}, naming the device when it
     * is known).
     */
    public static String hint(String doctorCommand) {
        String doctor = doctorCommand;
        return "Install scrcpy 3.0 or newer, ffprobe, and ffmpeg 6.1 or newer with the libx264 encoder, and expose "
                + "all three on the PATH used by the CLI or MCP server (the detached worker inherits it). On macOS: "
                + MACOS_INSTALL + ". On other hosts install scrcpy and a full FFmpeg distribution that includes ffprobe "
                + "and libx264 (reduced builds can fail the capability probe). Then rerun `" + doctor + "` before "
                + "retrying; repeating the capture installs nothing. Guide: " + DOCS_URL;
    }

    public static String message(List<DependencyProblem> problems) {
        StringBuilder text = new StringBuilder("Video recording needs host tools that are not usable: ");
        for (int i = 0; i < problems.size(); i++) {
            DependencyProblem problem = problems.get(i);
            if (i > 0) {
                text.append("; ");
            }
            text.append(problem.dependency().command()).append(" is ").append(problem.reason().wire())
                    .append(" (").append(problem.observed()).append("; requires ").append(problem.requirement()).append(')');
        }
        return text.append('.').toString();
    }

    public static Details details(List<DependencyProblem> problems) {
        List<Details> entries = new ArrayList<>();
        for (DependencyProblem problem : problems) {
            entries.add(Details.builder().text(DetailKey.DEPENDENCY, problem.dependency().command())
                    .text(DetailKey.REASON, problem.reason().wire()).text(DetailKey.REQUIREMENT, problem.requirement())
                    .build());
        }
        return Details.builder().text(DetailKey.CAPABILITY, CAPABILITY).list(DetailKey.DEPENDENCIES, entries)
                .text(DetailKey.DOCS_URL, DOCS_URL).build();
    }

    /** The refusal of a start, whose hint gives {@code doctorCommand} to rerun before retrying. */
    public static SessionOutcome.Refused refusal(List<DependencyProblem> problems, String doctorCommand) {
        return new SessionOutcome.Refused(new Failure(ErrorCodes.HOST_DEPENDENCY_MISSING, message(problems),
                details(problems)), hint(doctorCommand));
    }
}
