package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.FrameRun;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;

/**
 * Encodes the frames of one run of the source into a new H.264 MP4 of exactly {@code target},
 * timestamps starting at zero, timing passed through; at most two codec threads and a hard
 * deadline. The output file is left in place, whatever happens, for the caller to verify or keep.
 */
public interface ClipEncoder {

    Encoding encode(Path source, FrameRun run, VideoSize target, Path output);

    sealed interface Encoding {
        /** The encoder exited cleanly; {@code diagnostics} is what it printed (normally nothing). */
        record Encoded(String diagnostics) implements Encoding {
        }

        /** VIDEO_VERIFICATION_FAILED: exit status, deadline or output limit, with the encoder's diagnostics. */
        record NotEncoded(Failure failure) implements Encoding {
        }
    }
}
