package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.domain.video.model.DependencyReason;
import com.androperator.evidence.domain.port.video.HostDependencyProbe;
import com.androperator.evidence.domain.video.model.HostTool;
import com.androperator.evidence.domain.video.VideoLimits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host dependency check of doctor and video start. scrcpy: its --help must list every flag of
 * the recording command. ffmpeg: version 6.1 or newer, and the exact two-frame libx264 capability
 * probe must exit 0 with empty stderr (a version alone proves nothing). ffprobe: must run. Each
 * subprocess has the 10 s probe deadline.
 */
public final class HostDependencyChecker implements HostDependencyProbe {
    /** Every flag of the scrcpy recording command (device-protocol.md section 5). */
    public static final List<String> SCRCPY_FLAGS = List.of("--serial", "--no-window", "--no-audio", "--no-control",
            "--capture-orientation", "--video-codec", "--max-size", "--record-format", "--record", "--time-limit");
    /** The capability probe, exactly as documented; "ffmpeg" is replaced by the resolved executable. */
    public static final List<String> CAPABILITY_PROBE = List.of("-v", "error", "-nostdin", "-xerror", "-f", "lavfi",
            "-i", "color=size=16x16:rate=1000:duration=0.002", "-map", "0:v:0", "-frames:v", "2", "-c:v", "libx264",
            "-threads", "1", "-fps_mode", "passthrough", "-enc_time_base", "demux", "-f", "null", "-");

    static final String SCRCPY_REQUIREMENT = "scrcpy 3.0 or newer on PATH whose --help lists " + String.join(", ", SCRCPY_FLAGS);
    static final String FFMPEG_REQUIREMENT = "ffmpeg 6.1 or newer on PATH with the libx264 encoder, the lavfi input, "
            + "the color filter and null output, passing the two-frame libx264 probe with -fps_mode passthrough "
            + "-enc_time_base demux";
    static final String FFPROBE_REQUIREMENT = "ffprobe on PATH, from a full FFmpeg distribution";

    private static final Pattern FFMPEG_VERSION = Pattern.compile("^ffmpeg version n?(\\d+)\\.(\\d+)", Pattern.MULTILINE);
    private static final int EXIT_COMMAND_NOT_FOUND = 127;

    private final ExecutableLookup lookup;
    private final BoundedProcessRunner runner;

    public HostDependencyChecker(Map<String, String> environment) {
        this.lookup = new ExecutableLookup(environment);
        this.runner = new BoundedProcessRunner(environment);
    }

    @Override
    public HostDependencyCheck check() {
        List<DependencyProblem> problems = new ArrayList<>();
        Optional<Path> scrcpy = checkScrcpy(problems);
        Optional<Path> ffmpeg = checkFfmpeg(problems);
        Optional<Path> ffprobe = checkFfprobe(problems);
        if (!problems.isEmpty()) {
            return new HostDependencyCheck.Unmet(problems);
        }
        return new HostDependencyCheck.Satisfied(new HostTools(scrcpy.orElseThrow().toString(),
                ffmpeg.orElseThrow().toString(), ffprobe.orElseThrow().toString()));
    }

    private Optional<Path> checkScrcpy(List<DependencyProblem> problems) {
        Optional<Path> executable = locate(HostTool.SCRCPY, SCRCPY_REQUIREMENT, problems);
        if (executable.isEmpty()) {
            return executable;
        }
        ProcessRun help = run(executable.get(), List.of("--help"));
        if (!ran(HostTool.SCRCPY, SCRCPY_REQUIREMENT, "scrcpy --help", help, problems)) {
            return Optional.empty();
        }
        String text = help.stdoutText() + "\n" + help.stderrText();
        List<String> absent = new ArrayList<>();
        for (String flag : SCRCPY_FLAGS) {
            if (!Pattern.compile("(?m)(^|[\\s,])" + Pattern.quote(flag) + "(?![\\w-])").matcher(text).find()) {
                absent.add(flag);
            }
        }
        if (!absent.isEmpty()) {
            problems.add(new DependencyProblem(HostTool.SCRCPY, DependencyReason.UNSUPPORTED, SCRCPY_REQUIREMENT,
                    executable.get() + " --help does not list " + String.join(", ", absent)));
            return Optional.empty();
        }
        return executable;
    }

    private Optional<Path> checkFfmpeg(List<DependencyProblem> problems) {
        Optional<Path> executable = locate(HostTool.FFMPEG, FFMPEG_REQUIREMENT, problems);
        if (executable.isEmpty()) {
            return executable;
        }
        ProcessRun version = run(executable.get(), List.of("-version"));
        if (!ran(HostTool.FFMPEG, FFMPEG_REQUIREMENT, "ffmpeg -version", version, problems)) {
            return Optional.empty();
        }
        Matcher matcher = FFMPEG_VERSION.matcher(version.stdoutText());
        if (matcher.find()) {
            int major = Integer.parseInt(matcher.group(1));
            int minor = Integer.parseInt(matcher.group(2));
            if (major < 6 || (major == 6 && minor < 1)) {
                problems.add(new DependencyProblem(HostTool.FFMPEG, DependencyReason.UNSUPPORTED, FFMPEG_REQUIREMENT,
                        executable.get() + " is FFmpeg " + major + "." + minor + ", older than 6.1"));
                return Optional.empty();
            }
        }
        // Unparseable versions (e.g. git builds) are judged by the capability probe alone.
        List<String> probe = new ArrayList<>(CAPABILITY_PROBE);
        ProcessRun result = run(executable.get(), probe);
        if (result.termination() == ProcessRun.Termination.EXITED && result.exitStatus() != EXIT_COMMAND_NOT_FOUND) {
            if (result.exitStatus() == 0 && result.stderr().length == 0) {
                return executable;
            }
            problems.add(new DependencyProblem(HostTool.FFMPEG, DependencyReason.UNSUPPORTED, FFMPEG_REQUIREMENT,
                    "the libx264 capability probe failed (" + result.describe()
                            + (result.diagnosticTail().isEmpty() ? "" : ": " + result.diagnosticTail()) + ")"));
            return Optional.empty();
        }
        ran(HostTool.FFMPEG, FFMPEG_REQUIREMENT, "the ffmpeg capability probe", result, problems);
        return Optional.empty();
    }

    private Optional<Path> checkFfprobe(List<DependencyProblem> problems) {
        Optional<Path> executable = locate(HostTool.FFPROBE, FFPROBE_REQUIREMENT, problems);
        if (executable.isEmpty()) {
            return executable;
        }
        ProcessRun version = run(executable.get(), List.of("-version"));
        return ran(HostTool.FFPROBE, FFPROBE_REQUIREMENT, "ffprobe -version", version, problems)
                ? executable : Optional.empty();
    }

    private Optional<Path> locate(HostTool tool, String requirement, List<DependencyProblem> problems) {
        Optional<Path> found = lookup.find(tool.command());
        if (found.isEmpty()) {
            problems.add(new DependencyProblem(tool, DependencyReason.MISSING, requirement,
                    tool.command() + " was not found on PATH"));
        }
        return found;
    }

    /** True when the run exited 0; otherwise records missing (ENOENT, exit 127) or unavailable. */
    private static boolean ran(HostTool tool, String requirement, String what, ProcessRun run,
                               List<DependencyProblem> problems) {
        if (run.exitedWith(0)) {
            return true;
        }
        boolean missing = run.termination() == ProcessRun.Termination.NOT_FOUND || run.exitedWith(EXIT_COMMAND_NOT_FOUND);
        String tail = run.diagnosticTail();
        problems.add(new DependencyProblem(tool, missing ? DependencyReason.MISSING : DependencyReason.UNAVAILABLE,
                requirement, what + " failed: " + run.describe() + (tail.isEmpty() ? "" : " (" + tail + ")")));
        return false;
    }

    private ProcessRun run(Path executable, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(executable.toString());
        command.addAll(arguments);
        return runner.run(command, VideoLimits.PROBE_DEADLINE_MILLIS, VideoLimits.SUBPROCESS_OUTPUT_CAP_BYTES);
    }
}
