package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.contracts.MediaInfo;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Proves a clip usable: a probe shows H.264 at exactly the expected size with a positive media
 * duration, and a strict full decode of the first video stream reaches end of stream with exactly
 * the expected frame count and no diagnostics. Nothing less verifies it.
 */
public interface ClipVerifier {

    ClipVerification verify(Path clip, VideoSize expected, long expectedFrames);

    sealed interface ClipVerification {
        record Verified(MediaInfo media) implements ClipVerification {
        }

        /**
         * Not verified. {@code probed} keeps whatever probe metadata was available (null when the
         * probe itself failed); {@code fullyDecoded} says the strict decode did reach the expected
         * frame count, so the failure lies elsewhere (e.g. zero media duration).
         */
        record Rejected(Failure failure, @Nullable MediaInfo probed, boolean fullyDecoded) implements ClipVerification {
        }
    }
}
