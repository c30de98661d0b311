package com.androperator.evidence.adapters.media.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.port.video.ClipEncoder.Encoding;
import com.androperator.evidence.domain.port.video.ClipVerifier.ClipVerification;
import com.androperator.evidence.domain.video.model.FrameRun;
import com.androperator.evidence.domain.video.FrameRuns;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Frame inspection, per-span encoding and strict verification with the real ffmpeg/ffprobe 6.1.1. */
class MediaPipelineTest {
    @TempDir
    static Path shared;
    private static Path foldSource;

    @TempDir
    Path temp;

    private final BoundedProcessRunner runner = new BoundedProcessRunner(Map.of("PATH",
            TestPath.of(TestPath.shellTools(shared))));
    private final FfprobeMediaInspector inspector = new FfprobeMediaInspector(RealFfmpeg.ffprobe().toString(), runner);
    private final FfmpegClipEncoder encoder = new FfmpegClipEncoder(RealFfmpeg.ffmpeg().toString(), runner);
    private final FfmpegClipVerifier verifier = new FfmpegClipVerifier(RealFfmpeg.ffmpeg().toString(),
            RealFfmpeg.ffprobe().toString(), runner);

    /** One H.264 Matroska whose decoded size changes twice: 20 + 12 + 16 frames, as a fold does. */
    @BeforeAll
    static void recordAFold() throws Exception {
        List<Path> segments = new ArrayList<>();
        String[][] spans = {{"320x720", "20"}, {"640x720", "12"}, {"320x720", "16"}};
        for (int i = 0; i < spans.length; i++) {
            Path segment = shared.resolve("segment-" + i + ".h264");
            ffmpeg("-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc=size=" + spans[i][0] + ":rate=30",
                    "-frames:v", spans[i][1], "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency",
                    "-pix_fmt", "yuv420p", "-f", "h264", segment.toString());
            segments.add(segment);
        }
        Path raw = shared.resolve("all.h264");
        for (Path segment : segments) {
            Files.write(raw, Files.readAllBytes(segment), java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        }
        foldSource = shared.resolve("capture.partial.mkv");
        ffmpeg("-v", "error", "-nostdin", "-f", "h264", "-framerate", "30", "-i", raw.toString(), "-c", "copy",
                "-f", "matroska", foldSource.toString());
    }

    @Test
    void inspectionSeesEveryFrameAndItsSizeThroughTheWholeSource() {
        Inspection inspection = inspector.inspect(foldSource);

        List<FrameRun> runs = FrameRuns.of(((Inspection.Inspected) inspection).frames());
        assertThat(runs).extracting(r -> r.size() + "@" + r.firstFrame() + "+" + r.frameCount())
                .containsExactly("320x720@0+20", "640x720@20+12", "320x720@32+16");
        assertThat(runs.get(1).startSeconds()).isGreaterThan(runs.get(0).endSeconds());
    }

    @Test
    void eachSpanEncodesToAClipThatVerifiesWithExactlyItsFrameCount() {
        List<FrameRun> runs = FrameRuns.of(((Inspection.Inspected) inspector.inspect(foldSource)).frames());
        for (FrameRun run : runs) {
            Path clip = temp.resolve(FrameRuns.partialClipName(run.index()));
            assertThat(encoder.encode(foldSource, run, run.size(), clip)).isInstanceOf(Encoding.Encoded.class);

            ClipVerification verification = verifier.verify(clip, run.size(), run.frameCount());

            assertThat(verification).as("span %d", run.index()).isInstanceOfSatisfying(ClipVerification.Verified.class,
                    verified -> {
                        assertThat(verified.media().codec()).isEqualTo("h264");
                        assertThat(verified.media().width()).isEqualTo(run.size().width());
                        assertThat(verified.media().height()).isEqualTo(run.size().height());
                        assertThat(verified.media().frameCount()).isEqualTo(run.frameCount());
                        assertThat(verified.media().durationMs()).isPositive();
                    });
            // Timestamps start at zero in every clip.
            assertThat(firstFrameSeconds(clip)).isZero();
        }
    }

    @Test
    void theFirstClipHonoursTheExactRequestedSize() {
        FrameRun first = FrameRuns.of(((Inspection.Inspected) inspector.inspect(foldSource)).frames()).get(0);
        Path clip = temp.resolve("video.partial.mp4");
        VideoSize requested = new VideoSize(162, 364);

        encoder.encode(foldSource, first, requested, clip);

        assertThat(verifier.verify(clip, requested, first.frameCount())).isInstanceOf(ClipVerification.Verified.class);
        assertThat(verifier.verify(clip, new VideoSize(320, 720), first.frameCount()))
                .as("a clip of another size is rejected").isInstanceOf(ClipVerification.Rejected.class);
    }

    @Test
    void aWrongFrameCountOrCorruptedBytesFailVerificationWithProbeMetadataKept() throws IOException {
        FrameRun first = FrameRuns.of(((Inspection.Inspected) inspector.inspect(foldSource)).frames()).get(0);
        Path clip = temp.resolve("video.partial.mp4");
        encoder.encode(foldSource, first, first.size(), clip);

        assertThat(verifier.verify(clip, first.size(), first.frameCount() + 1))
                .isInstanceOfSatisfying(ClipVerification.Rejected.class,
                        rejected -> assertThat(rejected.failure().message()).contains("expected exactly 21"));

        long size = Files.size(clip);
        try (RandomAccessFile file = new RandomAccessFile(clip.toFile(), "rw")) {
            file.seek(size / 2);
            file.write(new byte[4096]);
        }
        ClipVerification corrupted = verifier.verify(clip, first.size(), first.frameCount());
        assertThat(corrupted).isInstanceOfSatisfying(ClipVerification.Rejected.class, rejected -> {
            assertThat(rejected.failure().code()).isEqualTo(ErrorCodes.VIDEO_VERIFICATION_FAILED);
            assertThat(rejected.probed()).as("probe metadata is retained").isNotNull();
            assertThat(rejected.fullyDecoded()).isFalse();
        });
    }

    @Test
    void theRunnerKillsAtItsDeadlineAndAtItsOutputCap() {
        ProcessRun slow = runner.run(List.of("/bin/sh", "-c", "exec sleep 30"), 200, 1024);
        assertThat(slow.termination()).isEqualTo(ProcessRun.Termination.DEADLINE);

        ProcessRun chatty = runner.run(List.of("/bin/sh", "-c", "yes"), 60_000, 64 * 1024);
        assertThat(chatty.termination()).isEqualTo(ProcessRun.Termination.OUTPUT_LIMIT);
        assertThat(chatty.stdout().length + chatty.stderr().length).isLessThanOrEqualTo(64 * 1024);

        ProcessRun missing = runner.run(List.of("/nonexistent/ffmpeg", "-version"), 1_000, 1024);
        assertThat(missing.termination()).isEqualTo(ProcessRun.Termination.NOT_FOUND);
    }

    @Test
    void commandsUseTwoCodecThreadsTheTimingOptionsAndTheAllocationLimit() {
        FrameRun run = new FrameRun(2, 30, 20, 1.0, 1.633, new VideoSize(640, 720));
        String encode = String.join(" ", FfmpegClipEncoder.command("ffmpeg", Path.of("/b/capture.partial.mkv"), run,
                new VideoSize(640, 720), Path.of("/b/video-0002.partial.mp4")));
        assertThat(encode).contains("-threads 2 -reinit_filter 0 -i /b/capture.partial.mkv")
                .contains("select='between(n\\,30\\,49)',setpts=PTS-STARTPTS,scale=640:720")
                .contains("-fps_mode passthrough -enc_time_base demux -c:v libx264").contains("-n /b/video-0002.partial.mp4");
        String decode = String.join(" ", FfmpegClipVerifier.decodeCommand("ffmpeg", Path.of("/b/v.mp4")));
        assertThat(decode).contains("-xerror -err_detect explode -max_alloc 268435456 -threads 2")
                .contains("-fps_mode passthrough -enc_time_base demux").endsWith("-progress pipe:1 -f null -");
    }

    /** The first decoded frame's timestamp, read by ffprobe from the clip (an MP4, not a source). */
    private double firstFrameSeconds(Path clip) {
        ProcessRun run = runner.run(List.of(RealFfmpeg.ffprobe().toString(), "-v", "error", "-select_streams", "v:0",
                "-read_intervals", "%+#1", "-show_entries", "frame=best_effort_timestamp_time", "-of", "csv=p=0",
                clip.toString()), 30_000, 1 << 20);
        assertThat(run.exitedWith(0)).as(run.stderrText()).isTrue();
        return Double.parseDouble(run.stdoutText().strip().split("\\R")[0].split(",")[0]);
    }

    private static void ffmpeg(String... arguments) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(RealFfmpeg.ffmpeg().toString());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertThat(process.waitFor()).isZero();
    }
}
