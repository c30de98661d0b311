package com.androperator.evidence.kit.video;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The host video tools one scenario offers the implementation under test, as a PATH: a directory
 * holding the kit's stand-in {@code scrcpy} (or none), {@code ffmpeg} (the real one, the stand-in
 * 5.1, or none) and {@code ffprobe}, in front of the inherited PATH with every other scrcpy, ffmpeg
 * and ffprobe hidden (a directory that holds one is replaced by a mirror of links without it), so a
 * host with its own tools installed gets exactly the scenario's.
 */
public final class Toolbox {
    /** The media tools a scenario decides about; the inherited PATH never supplies them. */
    private static final Set<String> MEDIA_TOOLS = Set.of("scrcpy", "ffmpeg", "ffprobe");

    public enum Scrcpy { STAND_IN, ABSENT }

    public enum Ffmpeg { REAL, DEBIAN_5_1 }

    private final Path directory;
    private final Path bin;

    private Toolbox(Path directory, Path bin) {
        this.directory = directory;
        this.bin = bin;
    }

    /**
     * @param spans the stand-in's screen, {@code "WxH:FRAMES,..."} (display sizes; see the script)
     */
    public static Toolbox prepare(Path directory, VideoHost host, String serial, String spans, Scrcpy scrcpy,
                                  Ffmpeg ffmpeg) {
        try {
            Path bin = Files.createDirectories(directory.resolve("bin"));
            if (scrcpy == Scrcpy.STAND_IN) {
                install(bin, "scrcpy", "standin-scrcpy");
                Files.writeString(bin.resolve("scrcpy.plan"), "plan_serial=" + quote(serial) + "\n"
                        + "plan_ffmpeg=" + quote(host.usable() ? host.ffmpeg().toString() : "/nonexistent/ffmpeg") + "\n"
                        + "plan_spans=" + quote(spans) + "\n");
                Files.writeString(bin.resolve("scrcpy.log"), "");
                if (host.usable()) {
                    prepareSpans(bin);
                }
            }
            if (ffmpeg == Ffmpeg.DEBIAN_5_1) {
                install(bin, "ffmpeg", "standin-ffmpeg-5.1");
            } else if (host.usable()) {
                Files.createSymbolicLink(bin.resolve("ffmpeg"), host.ffmpeg());
            }
            if (host.usable()) {
                Files.createSymbolicLink(bin.resolve("ffprobe"), host.ffprobe());
            }
            return new Toolbox(directory, bin);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the video tools in " + directory, e);
        }
    }

    /** The default longest edge (spec: 1280) the stand-in's spans are encoded for ahead of the scenario. */
    private static final int DEFAULT_MAX_SIZE = 1280;

    /**
     * Encodes the stand-in's screen now, so that a recording has its frames the moment it starts (a
     * real scrcpy streams at once); another --max-size is encoded when the recording asks for it.
     */
    private static void prepareSpans(Path bin) {
        VideoHost.Outcome prepared = VideoHost.run(bin.resolve("scrcpy"),
                List.of("--conformance-kit-prepare=" + DEFAULT_MAX_SIZE));
        if (prepared.exit() != 0) {
            throw new IllegalStateException("the stand-in scrcpy could not encode its screen: " + prepared.stderr());
        }
    }

    /** The PATH for the child: this toolbox, then {@code inherited} with other media tools hidden. */
    public String path(String inherited) {
        List<String> entries = new ArrayList<>(List.of(bin.toString()));
        int mirrors = 0;
        for (String dir : inherited == null ? new String[0] : inherited.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path folder = Path.of(dir);
            if (MEDIA_TOOLS.stream().anyMatch(tool -> Files.exists(folder.resolve(tool), LinkOption.NOFOLLOW_LINKS))) {
                entries.add(mirror(folder, directory.resolve("path-mirror-" + ++mirrors)).toString());
            } else {
                entries.add(dir);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The stand-in scrcpy's log: its argv, its spans, each refusal and its exit. */
    public String scrcpyLog() {
        try {
            Path log = bin.resolve("scrcpy.log");
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8).strip() : "";
        } catch (IOException e) {
            return "(scrcpy.log unreadable: " + e.getMessage() + ")";
        }
    }

    private static Path mirror(Path folder, Path mirror) {
        try {
            Files.createDirectories(mirror);
            try (Stream<Path> entries = Files.list(folder)) {
                for (Path entry : (Iterable<Path>) entries::iterator) {
                    String name = entry.getFileName().toString();
                    if (!MEDIA_TOOLS.contains(name)) {
                        Files.createSymbolicLink(mirror.resolve(name), entry);
                    }
                }
            }
            return mirror;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot mirror " + folder + " without its media tools", e);
        }
    }

    private static void install(Path bin, String name, String resource) throws IOException {
        try (InputStream in = Toolbox.class.getResourceAsStream("/com/androperator/evidence/kit/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("the kit jar lacks " + resource);
            }
            Path file = bin.resolve(name);
            Files.write(file, in.readAllBytes());
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** A POSIX shell single-quoted word. */
    static String quote(String value) {
        return "'" + value.replace("'", "'\"'\"'") + "'";
    }
}
