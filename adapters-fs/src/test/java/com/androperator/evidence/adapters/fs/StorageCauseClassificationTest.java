package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.fs.video.FileVideoBundle;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One errno table for still capture and video: the same I/O failure gets the same causeCode
 * whether a still bundle's writer or a video bundle meets it (the drift: EFBIG was storage
 * exhaustion for one and EIO for the other).
 */
class StorageCauseClassificationTest {
    private static final byte[] BYTES = "evidence".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path temp;

    /** The failure as Java reports it: an IOException with the strerror text, or a FileSystemException's reason. */
    private static IOException failure(String kind, String text) {
        return kind.equals("reason") ? new FileSystemException("/x", null, text) : new IOException(text);
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
            "message, No space left on device, ENOSPC",
            "reason, No space left on device, ENOSPC",
            "message, File too large, EFBIG",
            "reason, File too large, EFBIG",
            "message, Input/output error, EIO",
            "message, something the table does not know, EIO",
    })
    void stillAndVideoNameTheSameCause(String kind, String text, String code) throws IOException {
        Path still = temp.resolve("still");
        BundleStore store = new FileBundleStore(new ScriptedFileSystemOps().failingMoves(failure(kind, text)));
        BundleWriter writer = ((BundleStore.Reservation.Reserved) store.reserve(still)).writer();
        assertThat(writer.writePartial("screenshot.partial.png", BYTES)).isInstanceOf(StoreResult.Stored.class);
        StoreResult stillResult = writer.promote("screenshot.partial.png", "screenshot.png");

        Path video = temp.resolve("video");
        Files.createDirectory(video);
        VideoBundleFiles bundle = new FileVideoBundle(video, new ScriptedFileSystemOps().failingMoves(failure(kind, text)));
        assertThat(bundle.writePartial("clip-1.partial.mp4", BYTES)).isInstanceOf(StoreResult.Stored.class);
        StoreResult videoResult = bundle.promote("clip-1.partial.mp4", "clip-1.mp4");

        assertThat(((StoreResult.StoreFailed) stillResult).failure().details().asMap()).containsEntry("causeCode", code);
        assertThat(((StoreResult.StoreFailed) videoResult).failure().details().asMap()).containsEntry("causeCode", code);
        assertThat(IoCauses.causeCode(failure(kind, text))).isEqualTo(code);
    }
}
