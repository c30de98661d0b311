package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.domain.port.video.VideoBundleFiles.ManifestRead;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What every {@link VideoBundleFiles} does, the domain's in-memory fakes and the file adapter alike:
 * the still writer's contract (a video bundle is one) plus the video operations.
 */
public abstract class VideoBundleFilesContract extends BundleWriterContract {
    private static final byte[] CLIP = "clip bytes".getBytes(StandardCharsets.UTF_8);

    /** A new, empty video bundle. */
    protected abstract VideoBundleFiles newBundle();

    /** A new video bundle whose writes of {@code fileName} meet a full disk (ENOSPC) after {@code bytes} bytes. */
    protected abstract VideoBundleFiles bundleFillingAfter(String fileName, int bytes);

    /** Puts {@code bytes} under the bundle's control/ directory as {@code name}, as the worker keeps the live recording. */
    protected abstract void putInControl(VideoBundleFiles bundle, String name, byte[] bytes);

    @Override
    protected final BundleWriter newWriter() {
        return newBundle();
    }

    @Override
    protected final BundleWriter writerFillingAfter(String fileName, int bytes) {
        return bundleFillingAfter(fileName, bytes);
    }

    @Test
    void aNewBundleHasNoManifestAndReadsBackTheOneItFinalized() {
        VideoBundleFiles bundle = newBundle();
        assertThat(bundle.readManifest()).isInstanceOf(ManifestRead.Absent.class);

        Manifest recording = PortSamples.recordingManifest();
        bundle.finalizeManifest(recording);

        assertThat(bundle.readManifest()).isEqualTo(new ManifestRead.Found(recording));
    }

    @Test
    void describingAFileGivesItsSizeAndHashAsOnDiskNow() {
        VideoBundleFiles bundle = newBundle();
        bundle.writePartial("video.partial.mp4", CLIP);

        assertThat(bundle.describe("video.partial.mp4"))
                .isEqualTo(new StoreResult.Stored("video.partial.mp4", CLIP.length, sha256(CLIP)));
    }

    @Test
    void describingAMissingFileFailsWithENOENT() {
        StoreResult result = newBundle().describe("video.mp4");

        assertThat(result).isInstanceOf(StoreResult.StoreFailed.class);
        assertThat(((StoreResult.StoreFailed) result).failure().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(((StoreResult.StoreFailed) result).failure().details().asMap()).containsEntry("causeCode", "ENOENT");
    }

    @Test
    void onlyAFileThatIsThereCanBeMadePrivate() {
        VideoBundleFiles bundle = newBundle();
        bundle.writePartial("video.partial.mp4", CLIP);

        assertThat(bundle.makePrivate("video.partial.mp4")).isTrue();
        assertThat(bundle.makePrivate("video.mp4")).isFalse();
    }

    @Test
    void theLiveRecordingIsAdoptedFromControlOnceAndNeverOverAFile() {
        VideoBundleFiles bundle = newBundle();
        putInControl(bundle, "recording.mkv", CLIP);

        assertThat(bundle.adoptFromControl("recording.mkv", "recording.mkv")).isTrue();
        assertThat(file(bundle, "recording.mkv")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(CLIP));
        assertThat(bundle.adoptFromControl("recording.mkv", "recording.mkv")).as("nothing left to adopt").isFalse();

        putInControl(bundle, "recording.mkv", "newer".getBytes(StandardCharsets.UTF_8));
        assertThat(bundle.adoptFromControl("recording.mkv", "recording.mkv")).as("never over a bundle file").isFalse();
        assertThat(file(bundle, "recording.mkv")).hasValueSatisfying(bytes -> assertThat(bytes).isEqualTo(CLIP));
    }

    @Test
    void aRemovedFileIsGoneAndRemovingWhatIsNotThereSucceeds() {
        VideoBundleFiles bundle = newBundle();
        bundle.writePartial("video.partial.mp4", CLIP);

        assertThat(bundle.remove("video.partial.mp4")).isTrue();
        assertThat(file(bundle, "video.partial.mp4")).isEmpty();
        assertThat(bundle.remove("video.partial.mp4")).isTrue();
    }
}
