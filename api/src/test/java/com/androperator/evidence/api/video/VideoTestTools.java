package com.androperator.evidence.api.video;

import com.androperator.evidence.api.testing.VideoToolbox;
import java.nio.file.Path;

/**
 * The video API tests' names for the shared {@link VideoToolbox} (real ffmpeg/ffprobe 6.1.1, the
 * fake scrcpy, a bounded polling helper), which the CLI and MCP tests use through the api test-jar.
 */
final class VideoTestTools {
    private VideoTestTools() {
    }

    /** The directory holding the extracted ffmpeg, ffprobe and their libraries (once per JVM). */
    static Path ffmpegDirectory() {
        return VideoToolbox.ffmpegDirectory();
    }

    static Path ffmpeg() {
        return VideoToolbox.ffmpeg();
    }

    static Path ffprobe() {
        return VideoToolbox.ffprobe();
    }

    /** Video packets in a (possibly still growing) media file, counted by the real ffprobe; 0 when unreadable. */
    static long packetCount(Path media) {
        return VideoToolbox.packetCount(media);
    }

    /** Writes an executable script. */
    static Path script(Path directory, String name, String text) {
        return VideoToolbox.script(directory, name, text);
    }
}
