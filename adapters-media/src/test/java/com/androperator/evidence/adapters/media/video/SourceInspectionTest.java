package com.androperator.evidence.adapters.media.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.video.MediaInspector.Inspection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The source inspection against recordings written by the real libavformat Matroska muxer (as
 * scrcpy's) and decoded by the real ffprobe 6.1.1: a whole recording is inspected clean, and
 * every member of each damage class (bytes changed inside a cluster, a cut at any point, a lost
 * cluster, a writer killed before its trailer) is damaged, however ffprobe exits.
 */
class SourceInspectionTest {
    /** 12 s at 30 fps: three clusters (the muxer starts one about every 5 s). */
    private static final int FRAMES = 360;

    @TempDir
    static Path shared;
    private static Path recording;
    private static Path fold;

    @TempDir
    Path temp;

    private final FfprobeMediaInspector inspector = new FfprobeMediaInspector(RealFfmpeg.ffprobe().toString(),
            new BoundedProcessRunner(Map.of("PATH", "")));

    @BeforeAll
    static void record() {
        recording = RealFfmpeg.scrcpyLikeRecording(shared.resolve("recording.mkv"), "324x720:" + FRAMES);
        fold = RealFfmpeg.scrcpyLikeRecording(shared.resolve("fold.mkv"), "320x720:20", "640x720:12", "320x720:16");
    }

    @Test
    void aWholeRecordingIsInspectedCleanWithOneDecodedFramePerStoredBlock() {
        assertThat(MatroskaDamage.of(recording).clusters()).as("the damage tests need a middle cluster").hasSize(3);

        Inspection inspection = inspector.inspect(recording);

        assertThat(inspection).as("%s", inspection.diagnostics()).isInstanceOf(Inspection.Inspected.class);
        assertThat(((Inspection.Inspected) inspection).frames()).hasSize(FRAMES);
        assertThat(inspection.diagnostics().verdict()).isEqualTo(SourceInspection.Verdict.INTACT);
        SourceInspection.ContainerCheck container = container(inspection);
        assertThat(container.videoBlocks()).isEqualTo(FRAMES);
        assertThat(container.clusters()).isEqualTo(3);
        assertThat(container.crcChecked()).isEqualTo(8);
        assertThat(container.problemCount()).isZero();
        SourceInspection.DecoderRun decoder = decoder(inspection);
        assertThat(decoder.packets()).isEqualTo((long) FRAMES);
        assertThat(decoder.frames()).isEqualTo(FRAMES);
        assertThat(decoder.exitStatus()).isZero();
        assertThat(decoder.stderr()).isEmpty();
    }

    @Test
    void aFoldWithThreeSizesIsWholeToo() {
        Inspection inspection = inspector.inspect(fold);

        assertThat(inspection).as("%s", inspection.diagnostics()).isInstanceOf(Inspection.Inspected.class);
        assertThat(((Inspection.Inspected) inspection).frames()).hasSize(48)
                .extracting(frame -> frame.width() + "x" + frame.height()).containsSubsequence("320x720", "640x720",
                        "320x720");
    }

    @ParameterizedTest
    @EnumSource(MatroskaDamage.Kind.class)
    void everyKindOfDamageIsFoundAndTheFramesThatDecodedAreKept(MatroskaDamage.Kind kind) throws IOException {
        Path damaged = copy();
        String what = MatroskaDamage.of(damaged).apply(kind);

        Inspection inspection = inspector.inspect(damaged);

        assertThat(inspection).as("%s: %s", what, inspection.diagnostics()).isInstanceOf(Inspection.Damaged.class);
        Inspection.Damaged result = (Inspection.Damaged) inspection;
        assertThat(result.failure().code()).isEqualTo(ErrorCodes.VIDEO_VERIFICATION_FAILED);
        assertThat(result.frames()).hasSizeLessThanOrEqualTo(FRAMES);
        assertThat(inspection.diagnostics().verdict()).isEqualTo(SourceInspection.Verdict.DAMAGED);
        assertThat(findings(inspection)).as(what).isNotEmpty();
        assertThat(result.failure().message()).contains(findings(inspection).get(0));
        String expected = switch (kind) {
            case ZEROED_MID_CLUSTER, FLIPPED_MID_CLUSTER -> "fails its CRC-32";
            case TRUNCATED_AFTER_HEADER -> "holds no cluster";
            case WRITER_KILLED -> "the Segment's size is unknown";
            default -> "before the end its Segment declares";
        };
        assertThat(String.join("\n", findings(inspection))).as(what).contains(expected);
        if (kind == MatroskaDamage.Kind.TRUNCATED_AFTER_HEADER) {
            assertThat(result.frames()).isEmpty();
        }
    }

    /** Property: any one byte changed anywhere inside any cluster is found (its CRC-32, or its structure). */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void anyChangedByteInsideAClusterIsFound(long seed) throws IOException {
        Random random = new Random(seed);
        Path damaged = copy();
        MatroskaDamage damage = MatroskaDamage.of(damaged);
        List<MatroskaDamage.Element> clusters = damage.clusters();
        MatroskaDamage.Element cluster = clusters.get(random.nextInt(clusters.size()));
        int at = cluster.start() + random.nextInt(cluster.end() - cluster.start());
        assertDamaged(damaged, damage.change(at, random));
    }

    /** Property: a file cut at any point short of its end is found. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void aCutAtAnyPointIsFound(long seed) throws IOException {
        Random random = new Random(seed);
        Path damaged = copy();
        MatroskaDamage damage = MatroskaDamage.of(damaged);
        assertDamaged(damaged, damage.truncate(1 + random.nextInt(damage.length() - 1)));
    }

    private void assertDamaged(Path damaged, String what) {
        Inspection inspection = inspector.inspect(damaged);
        assertThat(inspection).as("%s: %s", what, inspection.diagnostics()).isInstanceOf(Inspection.Damaged.class);
    }

    @Test
    void aFileThatIsNotMatroskaIsDamagedWithNoFrames() throws IOException {
        Path garbage = Files.writeString(temp.resolve("capture.partial.mkv"), "not a matroska file");

        Inspection inspection = inspector.inspect(garbage);

        assertThat(inspection).isInstanceOf(Inspection.Damaged.class);
        assertThat(((Inspection.Damaged) inspection).frames()).isEmpty();
        assertThat(findings(inspection)).first().asString().contains("does not start with an EBML header");
        assertThat(findings(inspection)).anySatisfy(finding -> assertThat(finding).contains("ffprobe exited with status"));
    }

    @Test
    void anEmptyOrMissingSourceIsNotWhole() throws IOException {
        Path empty = Files.createFile(temp.resolve("empty.mkv"));
        assertThat(inspector.inspect(empty)).isInstanceOf(Inspection.Damaged.class);
        assertThat(inspector.inspect(temp.resolve("absent.mkv"))).isInstanceOf(Inspection.NotInspected.class);
    }

    /** The decoder's stderr is kept for diagnosis, but bounded. */
    @Test
    void theDiagnosticsKeepTheDecodersStderrBounded() throws IOException {
        Path damaged = copy();
        MatroskaDamage damage = MatroskaDamage.of(damaged);
        for (MatroskaDamage.Element cluster : damage.clusters()) {
            for (int at = cluster.dataStart() + 64; at < cluster.end(); at += 97) {
                damage.flip(at);
            }
        }

        Inspection inspection = inspector.inspect(damaged);

        assertThat(inspection).isInstanceOf(Inspection.Damaged.class);
        SourceInspection.DecoderRun decoder = decoder(inspection);
        assertThat(decoder.stderr()).isNotEmpty();
        assertThat(decoder.stderr().getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(FfprobeMediaInspector.KEPT_STDERR_BYTES);
        assertThat(decoder.stderrBytes() > FfprobeMediaInspector.KEPT_STDERR_BYTES).isEqualTo(decoder.stderrTruncated());
        assertThat(container(inspection).problems()).hasSizeLessThanOrEqualTo(MatroskaIntegrity.KEPT_PROBLEMS);
    }

    static Stream<Long> seeds() {
        return LongStream.range(0, 24).map(i -> 0x5EED0000L + i).boxed();
    }

    private Path copy() throws IOException {
        return Files.copy(recording, temp.resolve("capture.partial.mkv"));
    }

    private static SourceInspection.ContainerCheck container(Inspection inspection) {
        return inspection.diagnostics().container();
    }

    private static SourceInspection.DecoderRun decoder(Inspection inspection) {
        return inspection.diagnostics().decoder();
    }

    private static List<String> findings(Inspection inspection) {
        return inspection.diagnostics().findings();
    }
}
