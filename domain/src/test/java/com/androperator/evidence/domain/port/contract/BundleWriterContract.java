package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.BundleWriter.PartialFile;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RetainedFile;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link BundleWriter} does, the in-memory fake of the domain's tests and the file
 * adapter alike: one subclass per implementation runs these cases, so that a fake cannot drift
 * from its adapter. A failure is always STORAGE_FAILED with an errno word as causeCode.
 */
public abstract class BundleWriterContract {
    private static final byte[] BYTES = "evidence bytes".getBytes(StandardCharsets.UTF_8);

    /** A writer of a newly reserved, empty bundle. */
    protected abstract BundleWriter newWriter();

    /**
     * A writer of a new bundle whose writes of {@code fileName} (as the caller names it:
     * "screenshot.partial.png", "captures.json", "manifest.json") meet a full disk (ENOSPC) after
     * {@code bytes} bytes.
     */
    protected abstract BundleWriter writerFillingAfter(String fileName, int bytes);

    /** The bytes stored now in the writer's bundle as {@code name}; empty when no such file is there. */
    protected abstract Optional<byte[]> file(BundleWriter writer, String name);

    @Test
    void aPartialFileHoldsExactlyTheBytesWrittenAndTheirHash() {
        BundleWriter writer = newWriter();

        StoreResult result = writer.writePartial("screenshot.partial.png", BYTES);

        assertThat(result).isEqualTo(new StoreResult.Stored("screenshot.partial.png", BYTES.length, sha256(BYTES)));
        assertThat(file(writer, "screenshot.partial.png")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(BYTES));
    }

    @Test
    void piecesReachTheFileInOrderAndFinishingTwiceReportsTheSame() {
        BundleWriter writer = newWriter();
        PartialFile file = writer.createPartial("hierarchy.partial.xml");

        assertThat(file.write(BYTES, 0, 4)).isTrue();
        assertThat(file.write(BYTES, 4, BYTES.length - 4)).isTrue();
        StoreResult first = file.finish();

        assertThat(first).isEqualTo(new StoreResult.Stored("hierarchy.partial.xml", BYTES.length, sha256(BYTES)));
        assertThat(file.finish()).isEqualTo(first);
        assertThat(file(writer, "hierarchy.partial.xml")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(BYTES));
    }

    @Test
    void promotionRenamesTheVerifiedPartialAndReportsTheBytesWritten() {
        BundleWriter writer = newWriter();
        writer.writePartial("screenshot.partial.png", BYTES);

        StoreResult result = writer.promote("screenshot.partial.png", "screenshot.png");

        assertThat(result).isEqualTo(new StoreResult.Stored("screenshot.png", BYTES.length, sha256(BYTES)));
        assertThat(file(writer, "screenshot.png")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(BYTES));
        assertThat(file(writer, "screenshot.partial.png")).isEmpty();
    }

    @Test
    void promotionNeverOverwritesAFinalFile() {
        BundleWriter writer = newWriter();
        writer.writePartial("screenshot.partial.png", BYTES);
        writer.promote("screenshot.partial.png", "screenshot.png");
        writer.writePartial("screenshot.partial.png", "other".getBytes(StandardCharsets.UTF_8));

        StoreResult result = writer.promote("screenshot.partial.png", "screenshot.png");

        assertThat(causeCode(result)).isEqualTo("EEXIST");
        assertThat(file(writer, "screenshot.png")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(BYTES));
        assertThat(file(writer, "screenshot.partial.png")).isPresent();
    }

    @Test
    void promotingAPartialThatIsNotThereFails() {
        BundleWriter writer = newWriter();

        assertThat(causeCode(writer.promote("screenshot.partial.png", "screenshot.png"))).isEqualTo("ENOENT");
        assertThat(file(writer, "screenshot.png")).isEmpty();
    }

    @Test
    void namesThatBreakTheRulesAreRefusedAndCreateNothing() {
        BundleWriter writer = newWriter();

        PartialFile withoutMark = writer.createPartial("screenshot.png");
        assertThat(withoutMark.write(BYTES, 0, BYTES.length)).isFalse();
        assertThat(causeCode(withoutMark.finish())).isEqualTo("EINVAL");
        assertThat(causeCode(writer.writePartial("../escape.partial.png", BYTES))).isEqualTo("EINVAL");
        writer.writePartial("screenshot.partial.png", BYTES);
        assertThat(causeCode(writer.promote("screenshot.partial.png", "screenshot.partial.final.png"))).isEqualTo("EINVAL");
        assertThat(causeCode(writer.promote("screenshot.partial.png", "sub/screenshot.png"))).isEqualTo("EINVAL");

        assertThat(file(writer, "screenshot.png")).isEmpty();
        assertThat(file(writer, "screenshot.partial.png")).isPresent();
    }

    @Test
    void aPartialFileIsCreatedOnlyOnce() {
        BundleWriter writer = newWriter();
        writer.writePartial("screenshot.partial.png", BYTES);

        StoreResult again = writer.writePartial("screenshot.partial.png", "other".getBytes(StandardCharsets.UTF_8));

        assertThat(causeCode(again)).isEqualTo("EEXIST");
        assertThat(file(writer, "screenshot.partial.png")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(BYTES));
    }

    @Test
    void capturesAndTheManifestAreStoredAsTheContractJsonTheirHashesDescribe() {
        BundleWriter writer = newWriter();
        CapturesFile captures = PortSamples.captures();
        Manifest manifest = PortSamples.stillManifest(BundleStatus.COMPLETE);

        StoreResult capturesResult = writer.writeCaptures(captures);
        StoreResult manifestResult = writer.finalizeManifest(manifest);

        byte[] capturesBytes = file(writer, "captures.json").orElseThrow();
        byte[] manifestBytes = file(writer, "manifest.json").orElseThrow();
        assertThat(capturesResult).isEqualTo(new StoreResult.Stored("captures.json", capturesBytes.length, sha256(capturesBytes)));
        assertThat(manifestResult).isEqualTo(new StoreResult.Stored("manifest.json", manifestBytes.length, sha256(manifestBytes)));
        assertThat(ContractJson.read(capturesBytes, CapturesFile.class)).isEqualTo(captures);
        assertThat(ContractJson.read(manifestBytes, Manifest.class)).isEqualTo(manifest);
        assertThat(file(writer, "captures.partial.json")).isEmpty();
        assertThat(file(writer, "manifest.partial.json")).isEmpty();
    }

    @Test
    void aManifestThatIsNotTerminalIsReplacedAndATerminalBundleIsNeverModified() {
        BundleWriter writer = newWriter();
        writer.writePartial("video.partial.mkv", BYTES);
        assertThat(writer.finalizeManifest(PortSamples.recordingManifest())).isInstanceOf(StoreResult.Stored.class);
        Manifest terminal = PortSamples.completeVideoManifest();
        assertThat(writer.finalizeManifest(terminal)).isInstanceOf(StoreResult.Stored.class);
        byte[] finalized = file(writer, "manifest.json").orElseThrow();

        assertThat(causeCode(writer.finalizeManifest(PortSamples.recordingManifest()))).isEqualTo("ETERMINAL");
        assertThat(causeCode(writer.writeCaptures(PortSamples.captures()))).isEqualTo("ETERMINAL");
        assertThat(causeCode(writer.writePartial("late.partial.txt", BYTES))).isEqualTo("ETERMINAL");
        assertThat(causeCode(writer.promote("video.partial.mkv", "video.mkv"))).isEqualTo("ETERMINAL");

        assertThat(file(writer, "manifest.json")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(finalized));
        assertThat(file(writer, "captures.json")).isEmpty();
        assertThat(file(writer, "late.partial.txt")).isEmpty();
        assertThat(file(writer, "video.mkv")).isEmpty();
    }

    @Test
    void aFullDiskCutsAPartialFileShortAndTheFailureDescribesTheBytesThatStayed() {
        BundleWriter writer = writerFillingAfter("screenshot.partial.png", 3);

        StoreResult result = writer.writePartial("screenshot.partial.png", BYTES);

        assertTheFullDiskKept(writer, result, 3);
    }

    /**
     * The piece that meets a full disk is refused at once ({@code write} returns false), so that a
     * transfer streaming into the file stops there; later pieces are refused too, and the bytes that
     * fitted stay and are described by {@code finish}.
     */
    @Test
    void theWriteThatMeetsAFullDiskReturnsFalseAndLaterWritesAreRefused() {
        BundleWriter writer = writerFillingAfter("screenshot.partial.png", 6);
        PartialFile file = writer.createPartial("screenshot.partial.png");

        assertThat(file.write(BYTES, 0, 4)).isTrue();
        assertThat(file.write(BYTES, 4, 4)).isFalse();
        assertThat(file.write(BYTES, 8, BYTES.length - 8)).isFalse();

        assertTheFullDiskKept(writer, file.finish(), 6);
    }

    /** A disk that fills exactly with the last byte is not full yet: nothing was refused. */
    @Test
    void bytesThatFitExactlyAreStored() {
        BundleWriter writer = writerFillingAfter("screenshot.partial.png", BYTES.length);
        PartialFile file = writer.createPartial("screenshot.partial.png");

        assertThat(file.write(BYTES, 0, BYTES.length)).isTrue();

        assertThat(file.finish()).isEqualTo(new StoreResult.Stored("screenshot.partial.png", BYTES.length, sha256(BYTES)));
    }

    @Test
    void theFirstWriteOnAFullDiskReturnsFalseAndLeavesNoFile() {
        BundleWriter writer = writerFillingAfter("screenshot.partial.png", 0);
        PartialFile file = writer.createPartial("screenshot.partial.png");

        assertThat(file.write(BYTES, 0, BYTES.length)).isFalse();

        StoreResult finished = file.finish();
        assertThat(failure(finished).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(finished)).isNull();
        assertThat(file(writer, "screenshot.partial.png")).isEmpty();
    }

    @Test
    void aFailureBeforeTheFirstByteLeavesNoFile() {
        BundleWriter writer = writerFillingAfter("screenshot.partial.png", 0);

        StoreResult result = writer.writePartial("screenshot.partial.png", BYTES);

        assertThat(failure(result).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(result)).isNull();
        assertThat(file(writer, "screenshot.partial.png")).isEmpty();
    }

    @Test
    void capturesCutShortStayAsAPartialFileThatTheFailureNames() {
        BundleWriter writer = writerFillingAfter("captures.json", 1);

        StoreResult result = writer.writeCaptures(PortSamples.captures());

        assertThat(failure(result).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(result)).extracting(RetainedFile::path, RetainedFile::bytes)
                .containsExactly("captures.partial.json", 1L);
        assertThat(file(writer, "captures.partial.json")).hasValueSatisfying(bytes -> assertThat(bytes).hasSize(1));
        assertThat(file(writer, "captures.json")).isEmpty();
    }

    @Test
    void aManifestThatCouldNotBeFinalizedIsNotLeftBehindAtAll() {
        BundleWriter writer = writerFillingAfter("manifest.json", 5);

        StoreResult result = writer.finalizeManifest(PortSamples.stillManifest(BundleStatus.COMPLETE));

        assertThat(failure(result).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(result)).isNull();
        assertThat(file(writer, "manifest.json")).isEmpty();
        assertThat(file(writer, "manifest.partial.json")).isEmpty();
    }

    /** {@code result} is ENOSPC, and the first {@code bytes} bytes stay as screenshot.partial.png, described by the failure. */
    private void assertTheFullDiskKept(BundleWriter writer, StoreResult result, int bytes) {
        byte[] kept = Arrays.copyOf(BYTES, bytes);
        assertThat(failure(result).details().asMap()).containsEntry("causeCode", "ENOSPC");
        assertThat(retained(result)).isEqualTo(new RetainedFile("screenshot.partial.png", bytes, sha256(kept)));
        assertThat(file(writer, "screenshot.partial.png")).hasValueSatisfying(stored -> assertThat(stored).isEqualTo(kept));
    }

    /** The file a failed write says it left under its partial name, null when none. */
    private static RetainedFile retained(StoreResult result) {
        return ((StoreResult.StoreFailed) result).retained();
    }

    private static Failure failure(StoreResult result) {
        assertThat(result).isInstanceOf(StoreResult.StoreFailed.class);
        Failure failure = ((StoreResult.StoreFailed) result).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        return failure;
    }

    private static Object causeCode(StoreResult result) {
        return failure(result).details().asMap().get("causeCode");
    }

    protected static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
