package com.androperator.evidence.kit.video;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ffmpeg and ffprobe the kit hands to the implementation under test (and judges clips with):
 * from {@code --ffmpeg DIR}, else the first on PATH. Usable means version 6.1 or newer (or a build
 * without a release number) that passes the spec's two-frame libx264 capability probe.
 */
public final class VideoHost {
    /** device-protocol.md section 5: must exit 0 with empty stderr. */
    static final List<String> PROBE = List.of("-v", "error", "-nostdin", "-xerror", "-f", "lavfi", "-i",
            "color=size=16x16:rate=1000:duration=0.002", "-map", "0:v:0", "-frames:v", "2", "-c:v", "libx264",
            "-threads", "1", "-fps_mode", "passthrough", "-enc_time_base", "demux", "-f", "null", "-");
    private static final Pattern VERSION = Pattern.compile("^ffmpeg version n?(\\d+)\\.(\\d+)");

    private final Path ffmpeg;
    private final Path ffprobe;
    private final String problem;

    private VideoHost(Path ffmpeg, Path ffprobe, String problem) {
        this.ffmpeg = ffmpeg;
        this.ffprobe = ffprobe;
        this.problem = problem;
    }

    /** @param directory the {@code --ffmpeg} directory, or null to search {@code path} */
    public static VideoHost find(Path directory, String path) {
        Path ffmpeg = directory != null ? directory.resolve("ffmpeg") : onPath("ffmpeg", path);
        Path ffprobe = directory != null ? directory.resolve("ffprobe") : onPath("ffprobe", path);
        String where = directory != null ? "in " + directory : "on PATH";
        if (ffmpeg == null || !Files.isExecutable(ffmpeg)) {
            return new VideoHost(null, null, "no ffmpeg " + where);
        }
        if (ffprobe == null || !Files.isExecutable(ffprobe)) {
            return new VideoHost(null, null, "no ffprobe " + where);
        }
        String version = firstLine(run(ffmpeg, List.of("-version")));
        Matcher m = VERSION.matcher(version);
        if (m.find()) {
            int major = Integer.parseInt(m.group(1));
            int minor = Integer.parseInt(m.group(2));
            if (major < 6 || major == 6 && minor < 1) {
                return new VideoHost(null, null, ffmpeg + " is " + version.strip() + ", older than 6.1");
            }
        }
        Outcome probe = run(ffmpeg, PROBE);
        if (probe.exit != 0 || !probe.stderr.isBlank()) {
            return new VideoHost(null, null, ffmpeg + " fails the libx264 capability probe: " + probe.stderr.strip());
        }
        return new VideoHost(ffmpeg.toAbsolutePath(), ffprobe.toAbsolutePath(), null);
    }

    public boolean usable() {
        return problem == null;
    }

    /** Why video scenarios cannot run; null when {@link #usable()}. */
    public String problem() {
        return problem;
    }

    public Path ffmpeg() {
        return ffmpeg;
    }

    public Path ffprobe() {
        return ffprobe;
    }

    static Path onPath(String name, String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static String firstLine(Outcome outcome) {
        String text = outcome.stdout;
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    record Outcome(int exit, String stdout, String stderr) {
    }

    /** Runs a media tool with a 60 s bound; stdout and stderr as text. */
    static Outcome run(Path tool, List<String> args) {
        try {
            Path out = Files.createTempFile("androperator-conformance-", ".out");
            Path err = Files.createTempFile("androperator-conformance-", ".err");
            try {
                List<String> command = new java.util.ArrayList<>(List.of(tool.toString()));
                command.addAll(args);
                Process process = new ProcessBuilder(command)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                    return new Outcome(-1, "", tool + " did not finish within 60 s");
                }
                return new Outcome(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            return new Outcome(-1, "", "cannot run " + tool + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(-1, "", "interrupted");
        }
    }
}
