package com.androperator.evidence.adapters.media.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.video.model.DependencyReason;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.DependencyProblem;
import com.androperator.evidence.domain.port.video.HostDependencyProbe.HostDependencyCheck;
import com.androperator.evidence.domain.video.model.HostTool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostDependencyCheckerTest {
    private static final String FULL_HELP = String.join("\n", HostDependencyChecker.SCRCPY_FLAGS);

    @TempDir
    Path temp;

    @Test
    void scrcpyWithEveryFlagAndTheRealFfmpeg61Pass() {
        Path bin = scrcpy(FULL_HELP, 0);

        HostDependencyCheck check = checker(bin, RealFfmpeg.ffmpegDirectory()).check();

        assertThat(check).isInstanceOfSatisfying(HostDependencyCheck.Satisfied.class, satisfied -> {
            assertThat(satisfied.tools().scrcpy()).isEqualTo(bin.resolve("scrcpy").toString());
            assertThat(satisfied.tools().ffmpeg()).isEqualTo(RealFfmpeg.ffmpeg().toString());
            assertThat(satisfied.tools().ffprobe()).isEqualTo(RealFfmpeg.ffprobe().toString());
        });
    }

    @Test
    void aMissingScrcpyAndAnExit127AreMissing() {
        assertThat(problems(checker(temp.resolve("empty"), RealFfmpeg.ffmpegDirectory())))
                .containsExactly(HostTool.SCRCPY + ":" + DependencyReason.MISSING);
        assertThat(problems(checker(scrcpy("", 127), RealFfmpeg.ffmpegDirectory())))
                .containsExactly(HostTool.SCRCPY + ":" + DependencyReason.MISSING);
    }

    @Test
    void anOldScrcpyWithoutCaptureOrientationIsUnsupportedAndACrashingOneUnavailable() {
        String old = FULL_HELP.replace("--capture-orientation", "--lock-video-orientation");
        HostDependencyChecker checker = checker(scrcpy(old, 0), RealFfmpeg.ffmpegDirectory());
        assertThat(problems(checker)).containsExactly("SCRCPY:UNSUPPORTED");
        assertThat(((HostDependencyCheck.Unmet) checker.check()).problems().get(0).observed())
                .contains("--capture-orientation").doesNotContain("--record,");
        assertThat(problems(checker(scrcpy(FULL_HELP, 3), RealFfmpeg.ffmpegDirectory())))
                .containsExactly("SCRCPY:UNAVAILABLE");
    }

    @Test
    void recordFormatAloneDoesNotCountAsRecord() {
        String withoutRecord = FULL_HELP.replace("\n--record\n", "\n");
        assertThat(problems(checker(scrcpy(withoutRecord, 0), RealFfmpeg.ffmpegDirectory())))
                .containsExactly("SCRCPY:UNSUPPORTED");
    }

    @Test
    void debiansFfmpeg51IsUnsupported() {
        Path debian = temp.resolve("debian");
        RealFfmpeg.script(debian, "ffmpeg", "#!/bin/sh\n[ \"$1\" = -version ] && echo 'ffmpeg version 5.1.6-0+deb12u1 "
                + "Copyright (c) 2000-2024 the FFmpeg developers' && exit 0\nexit 1\n");
        RealFfmpeg.script(debian, "ffprobe", "#!/bin/sh\nexec \"" + RealFfmpeg.ffprobe() + "\" \"$@\"\n");
        HostDependencyChecker checker = checker(scrcpy(FULL_HELP, 0), debian);

        assertThat(problems(checker)).containsExactly("FFMPEG:UNSUPPORTED");
        DependencyProblem problem = ((HostDependencyCheck.Unmet) checker.check()).problems().get(0);
        assertThat(problem.observed()).contains("5.1").contains("older than 6.1");
        assertThat(problem.requirement()).contains("6.1").contains("libx264");
    }

    @Test
    void aNewEnoughFfmpegThatFailsTheCapabilityProbeIsUnsupported() {
        Path reduced = temp.resolve("reduced");
        RealFfmpeg.script(reduced, "ffmpeg", "#!/bin/sh\nif [ \"$1\" = -version ]; then echo 'ffmpeg version 7.1'; exit 0; fi\n"
                + "echo \"Unknown encoder 'libx264'\" >&2\nexit 8\n");
        RealFfmpeg.script(reduced, "ffprobe", "#!/bin/sh\nexit 0\n");

        HostDependencyChecker checker = checker(scrcpy(FULL_HELP, 0), reduced);

        assertThat(problems(checker)).containsExactly("FFMPEG:UNSUPPORTED");
        assertThat(((HostDependencyCheck.Unmet) checker.check()).problems().get(0).observed()).contains("libx264");
    }

    @Test
    void aBrokenFfprobeIsUnavailableAndEveryProblemIsReportedAtOnce() {
        Path broken = temp.resolve("broken");
        RealFfmpeg.script(broken, "ffprobe", "#!/bin/sh\necho 'error while loading shared libraries' >&2\nexit 1\n");

        HostDependencyChecker checker = checker(temp.resolve("no-scrcpy"), broken);

        assertThat(problems(checker)).containsExactly("SCRCPY:MISSING", "FFMPEG:MISSING", "FFPROBE:UNAVAILABLE");
    }

    @Test
    void theCapabilityProbeIsExactlyTheDocumentedCommand() {
        assertThat(String.join(" ", HostDependencyChecker.CAPABILITY_PROBE)).isEqualTo("-v error -nostdin -xerror -f lavfi "
                + "-i color=size=16x16:rate=1000:duration=0.002 -map 0:v:0 -frames:v 2 -c:v libx264 -threads 1 "
                + "-fps_mode passthrough -enc_time_base demux -f null -");
    }

    private Path scrcpy(String help, int exitStatus) {
        Path bin = temp.resolve("scrcpy-" + Math.abs(help.hashCode()) + "-" + exitStatus);
        RealFfmpeg.script(bin, "scrcpy", "#!/bin/sh\ncat <<'HELP'\nUsage: scrcpy [options]\n" + help + "\nHELP\nexit "
                + exitStatus + "\n");
        return bin;
    }

    /**
     * A checker whose PATH is exactly {@code path} and then the shell utilities the stand-ins use:
     * no host directory, so a host's own scrcpy or ffmpeg (Debian's 5.1 at /usr/bin) is never seen.
     */
    private HostDependencyChecker checker(Path... path) {
        Path[] entries = java.util.Arrays.copyOf(path, path.length + 1);
        entries[path.length] = TestPath.shellTools(temp);
        return new HostDependencyChecker(Map.of("PATH", TestPath.of(entries)));
    }

    private static List<String> problems(HostDependencyChecker checker) {
        HostDependencyCheck check = checker.check();
        assertThat(check).isInstanceOf(HostDependencyCheck.Unmet.class);
        return ((HostDependencyCheck.Unmet) check).problems().stream()
                .map(p -> p.dependency() + ":" + p.reason()).toList();
    }
}
