package com.androperator.evidence.adapters.media.video;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Real ffmpeg/ffprobe 6.1.1 from the org.bytedeco:ffmpeg linux-x86_64-gpl jar (with libx264). The executables carry
 * RUNPATH=$ORIGIN, so the libraries extracted beside them are found without LD_LIBRARY_PATH.
 */
public final class RealFfmpeg {
    private static final String FFMPEG_RESOURCE = "org/bytedeco/ffmpeg/linux-x86_64-gpl/";
    private static Path ffmpegDirectory;

    private RealFfmpeg() {
    }

    /** The directory holding the extracted ffmpeg, ffprobe and their libraries (once per JVM). */
    public static synchronized Path ffmpegDirectory() {
        if (ffmpegDirectory != null) {
            return ffmpegDirectory;
        }
        try {
            Path target = Path.of("target", "test-tools", "ffmpeg-6.1.1").toAbsolutePath();
            Files.createDirectories(target);
            URL url = RealFfmpeg.class.getClassLoader().getResource(FFMPEG_RESOURCE + "ffmpeg");
            if (url == null) {
                throw new IllegalStateException("org.bytedeco:ffmpeg:linux-x86_64-gpl is not on the test class path");
            }
            JarURLConnection connection = (JarURLConnection) url.openConnection();
            try (JarFile jar = new JarFile(connection.getJarFileURL().getFile())) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    String name = entry.getName();
                    if (entry.isDirectory() || !name.startsWith(FFMPEG_RESOURCE) || name.contains("jni")) {
                        continue;
                    }
                    Path out = target.resolve(name.substring(FFMPEG_RESOURCE.length()));
                    if (!Files.exists(out) || Files.size(out) != entry.getSize()) {
                        Path temporary = Files.createTempFile(target, ".extract", ".tmp");
                        try (InputStream in = jar.getInputStream(entry)) {
                            Files.copy(in, temporary, StandardCopyOption.REPLACE_EXISTING);
                        }
                        Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rwxr-xr-x"));
                        Files.move(temporary, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }
                }
            }
            ffmpegDirectory = target;
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path ffmpeg() {
        return ffmpegDirectory().resolve("ffmpeg");
    }

    public static Path ffprobe() {
        return ffmpegDirectory().resolve("ffprobe");
    }

    /** Video packets in a (possibly still growing) media file, counted by the real ffprobe; 0 when unreadable. */
    public static long packetCount(Path media) {
        try {
            Process probe = new ProcessBuilder(ffprobe().toString(), "-v", "quiet", "-count_packets", "-select_streams",
                    "v:0", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", media.toString())
                    .redirectErrorStream(true).start();
            String out = new String(probe.getInputStream().readAllBytes()).strip();
            return probe.waitFor() == 0 && out.matches("\\d+") ? Long.parseLong(out) : 0;
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /**
     * A recording as scrcpy's muxer leaves it: raw H.264 segments (each {@code WIDTHxHEIGHT:FRAMES}
     * at 30 fps, with its own SPS/PPS as a device encoder emits after a size change) concatenated
     * and written by libavformat's Matroska muxer with its defaults (CRC-32 in every top-level
     * element, a cluster about every 5 s, cues, Segment size and duration written with the trailer).
     */
    public static Path scrcpyLikeRecording(Path file, String... spans) {
        try {
            Path raw = Files.createTempFile(file.getParent(), ".raw", ".h264");
            for (String span : spans) {
                String[] sizeAndFrames = span.split(":");
                Path segment = Files.createTempFile(file.getParent(), ".segment", ".h264");
                run(ffmpeg().toString(), "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size="
                        + sizeAndFrames[0] + ":rate=30", "-frames:v", sizeAndFrames[1], "-c:v", "libx264", "-preset",
                        "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p", "-f", "h264", segment.toString());
                Files.write(raw, Files.readAllBytes(segment), java.nio.file.StandardOpenOption.APPEND);
                Files.delete(segment);
            }
            run(ffmpeg().toString(), "-v", "error", "-nostdin", "-y", "-f", "h264", "-framerate", "30", "-i",
                    raw.toString(), "-map", "0:v:0", "-c", "copy", "-f", "matroska", file.toString());
            Files.delete(raw);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        try {
            if (process.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Writes an executable script. */
    public static Path script(Path directory, String name, String text) {
        try {
            Files.createDirectories(directory);
            Path file = directory.resolve(name);
            Files.writeString(file, text);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
