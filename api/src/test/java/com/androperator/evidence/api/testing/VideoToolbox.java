package com.androperator.evidence.api.testing;

import com.androperator.evidence.adapters.media.video.RealFfmpeg;
import com.androperator.evidence.adapters.media.video.TestPath;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.SessionRef;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.Await;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The host tools of managed video for tests in any module: real ffmpeg/ffprobe 6.1.1 extracted from
 * the org.bytedeco:ffmpeg linux-x86_64-gpl jar (with libx264; a module using this class needs that
 * jar on its test class path), and {@code fake-scrcpy}, a stand-in for scrcpy 3.x that checks every
 * required flag and writes real H.264 Matroska through that ffmpeg (see the script's header for its
 * FAKE_SCRCPY_* switches).
 *
 * <p>{@link #prepare(Path)} lays out a PATH directory holding {@code scrcpy}, {@code ffmpeg} and
 * {@code ffprobe}, and {@link #environment(Map)} is what a child process (CLI, MCP server, and the
 * detached worker they spawn, which inherits it) needs to find them. The extracted executables carry
 * RUNPATH=$ORIGIN and resolve their libraries through the symbolic links made here.
 */
public final class VideoToolbox {
    private final Path directory;
    private final Path withoutScrcpy;
    /** The shell utilities the fake and the tests' scripts use (bash, date, mkfifo, sleep...), one link each. */
    private final Path shellTools;

    /** Where the fake reports its encoder's progress, one file per bundle (FAKE_SCRCPY_PROGRESS_DIR). */
    private final Path progress;

    private VideoToolbox(Path directory, Path withoutScrcpy, Path shellTools, Path progress) {
        this.directory = directory;
        this.withoutScrcpy = withoutScrcpy;
        this.shellTools = shellTools;
        this.progress = progress;
    }

    /**
     * Creates {@code parent/video-toolbox} with the fake {@code scrcpy} and links to {@code ffmpeg},
     * {@code ffprobe} and the host's {@code adb}, and {@code parent/video-toolbox-without-scrcpy} with links to ffmpeg, ffprobe
     * and adb only.
     */
    public static VideoToolbox prepare(Path parent) {
        try {
            Path directory = Files.createDirectories(parent.resolve("video-toolbox"));
            Path withoutScrcpy = Files.createDirectories(parent.resolve("video-toolbox-without-scrcpy"));
            byte[] fake;
            try (InputStream in = VideoToolbox.class.getResourceAsStream("fake-scrcpy")) {
                if (in == null) {
                    throw new IllegalStateException("fake-scrcpy is not on the test class path (api test-jar)");
                }
                fake = in.readAllBytes();
            }
            // Preparing again is harmless while a recording runs: nothing that exists is replaced.
            Path scrcpy = directory.resolve("scrcpy");
            if (!Files.isRegularFile(scrcpy) || !Arrays.equals(Files.readAllBytes(scrcpy), fake)) {
                Path temporary = Files.createTempFile(directory, ".scrcpy", ".tmp");
                Files.write(temporary, fake);
                Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.move(temporary, scrcpy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            for (Path target : new Path[] {directory, withoutScrcpy}) {
                for (Path tool : new Path[] {ffmpeg(), ffprobe()}) {
                    link(target, tool);
                }
            }
            // adb (start hands its path to scrcpy) comes first from here too. The host without scrcpy
            // gets nothing from the system directories, which might hold a real scrcpy.
            link(directory, AdbServerHarness.locateAdb());
            link(withoutScrcpy, AdbServerHarness.locateAdb());
            return new VideoToolbox(directory, withoutScrcpy, TestPath.shellTools(parent),
                    Files.createDirectories(parent.resolve("video-toolbox-progress")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void link(Path directory, Path tool) throws IOException {
        Path link = directory.resolve(tool.getFileName());
        if (Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(tool)) {
            return;
        }
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, tool);
    }

    /** The directory holding scrcpy (the fake), ffmpeg, ffprobe and adb. */
    public Path directory() {
        return directory;
    }

    public Path scrcpy() {
        return directory.resolve("scrcpy");
    }

    /**
     * PATH for a host with every video tool: the toolbox, then the shell utilities. No host
     * directory is on it, so a host's own ffmpeg, ffprobe or scrcpy (Debian's ffmpeg 5.1 in
     * /usr/bin) is never found, whatever the host has installed.
     */
    public String path() {
        return TestPath.of(directory, shellTools);
    }

    /** PATH for a host with ffmpeg, ffprobe and adb but no scrcpy: the tools and the shell utilities. */
    public String pathWithoutScrcpy() {
        return TestPath.of(withoutScrcpy, shellTools);
    }

    /** The directory of shell utilities (no media tool, no adb) that {@link #path()} ends with. */
    public Path shellTools() {
        return shellTools;
    }

    /**
     * {@code base} (e.g. {@link AdbLab#environment()}) with {@link #path()} and what the fake needs:
     * FAKE_SCRCPY_FFMPEG. The fake reads the rest of its FAKE_SCRCPY_* switches from the same map.
     */
    public Map<String, String> environment(Map<String, String> base) {
        Map<String, String> environment = new HashMap<>(base);
        environment.put("PATH", path());
        environment.put("FAKE_SCRCPY_FFMPEG", ffmpeg().toString());
        environment.put("FAKE_SCRCPY_PROGRESS_DIR", progress.toString());
        return environment;
    }

    /**
     * Waits until the fake's encoder has produced at least {@code frames} frames for the bundle (of
     * its first segment). Frames the encoder produced are all in the source once the recorder has
     * stopped, even while the muxer still holds its current cluster in memory.
     */
    public boolean awaitEncodedFrames(Path bundle, long frames, Duration timeout) {
        Path report = progress.resolve(bundle.getFileName() + ".progress");
        return Await.holdsWithin(timeout, () -> encodedFrames(report) >= frames);
    }

    private static long encodedFrames(Path report) {
        long frames = -1;
        try {
            for (String line : Files.readAllLines(report)) {
                if (line.startsWith("frame=")) {
                    frames = Long.parseLong(line.substring("frame=".length()).strip());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return frames;
        }
        return frames;
    }

    /** Like {@link #environment(Map)}, but scrcpy cannot be found on PATH. */
    public Map<String, String> environmentWithoutScrcpy(Map<String, String> base) {
        Map<String, String> environment = environment(base);
        environment.put("PATH", pathWithoutScrcpy());
        return environment;
    }

    // ---- the real ffmpeg ----------------------------------------------------------------------

    /** The directory holding the extracted ffmpeg, ffprobe and their libraries (once per JVM, under ./target). */
    public static Path ffmpegDirectory() {
        return RealFfmpeg.ffmpegDirectory();
    }

    public static Path ffmpeg() {
        return RealFfmpeg.ffmpeg();
    }

    public static Path ffprobe() {
        return RealFfmpeg.ffprobe();
    }

    /** Video packets in a (possibly still growing) media file, counted by the real ffprobe; 0 when unreadable. */
    public static long packetCount(Path media) {
        return RealFfmpeg.packetCount(media);
    }

    // ---- helpers --------------------------------------------------------------------------------

    /**
     * Stops, through the video API, every session below {@code directory} (to {@code depth}) whose
     * manifest is not terminal: what a test that failed half-way may leave recording.
     */
    public static void stopUnfinishedSessions(Path directory, int depth, Map<String, String> environment) {
        EvidenceVideo video = new EvidenceVideo(VideoDependencies.defaults().withEnvironment(environment)
                .withWorkingDirectory(directory));
        try (Stream<Path> files = Files.walk(directory, depth)) {
            for (Path session : files.filter(f -> f.getFileName().toString().equals("session.json")).toList()) {
                Path manifest = session.getParent().resolve("manifest.json");
                if (Files.exists(manifest) && !readJson(manifest, Manifest.class).isTerminal()) {
                    video.stop(SessionRef.manifestPath(manifest.toString()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Test cleanup after a worker the test killed: removes the device lock at {@code lockPath} only
     * while its claim still names {@code bundle}, so that a failed test leaves no lock behind in
     * the shared lock directory and never touches another session's.
     */
    public static void removeLockOf(Path lockPath, Path bundle) {
        try {
            if (Files.exists(lockPath) && Files.readString(lockPath).contains("\"" + bundle + "\"")) {
                Files.delete(lockPath);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A bundle file read with the contract mapper (manifest.json, session.json, captures.json). */
    public static <T> T readJson(Path file, Class<T> type) {
        try {
            return ContractJson.read(Files.readAllBytes(file), type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a directory tree (links are removed, never followed: the ffmpeg they point at stays). */
    public static void deleteTree(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A directory holding an {@code ffmpeg} that runs the real one, except that a clip encode (the
     * only ffmpeg run with {@code -movflags}) first waits until {@code release} exists (bounded: after
     * a minute it goes on) and then fails while {@code fail} exists. Put it in front of
     * {@link #path()} to hold finalization, so that stop's 15 s wait passes and returns pending, or to
     * make finalization fail.
     */
    public static Path clipEncodeGate(Path directory, Path release, Path fail) {
        script(directory, "ffmpeg", "#!/usr/bin/env bash\n"
                + "if [[ \" $* \" == *\" -movflags \"* ]]; then\n"
                + "  for (( i = 0; i < 1200; i++ )); do [[ -e '" + release + "' ]] && break; sleep 0.05; done\n"
                + "  if [[ -e '" + fail + "' ]]; then echo 'clip encode failed on purpose' >&2; exit 1; fi\n"
                + "fi\n"
                + "exec '" + ffmpeg() + "' \"$@\"\n");
        return directory;
    }

    /** Writes an executable script. */
    public static Path script(Path directory, String name, String text) {
        return RealFfmpeg.script(directory, name, text);
    }

    /**
     * Waits until no process of this host has {@code path} in its command line: the detached worker
     * (its session.json), the recorder (its --record file) and the fake's muxer all name their bundle.
     */
    public static boolean awaitNoProcessMentions(Path path, Duration timeout) {
        String needle = path.toString();
        return Await.holdsWithin(timeout, () -> ProcessHandle.allProcesses()
                .noneMatch(p -> p.info().arguments().map(a -> String.join(" ", a).contains(needle)).orElse(false)));
    }
}
