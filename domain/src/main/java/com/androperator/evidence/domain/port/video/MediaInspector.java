package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.contracts.SourceInspection;
import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Decodes the whole recorded source and reports every frame's size and timestamp, within a hard
 * deadline, and whether the source is whole: a decoder error, a container that fails its own
 * checks or ends before it says it does, or fewer decoded frames than stored packets make it
 * damaged, whatever the decoder's exit status.
 */
public interface MediaInspector {

    Inspection inspect(Path source);

    /**
     * Each outcome keeps what the inspection observed ({@code diagnostics}, bounded), for
     * captures.json; null when the inspector observed nothing worth keeping.
     */
    sealed interface Inspection {
        @Nullable SourceInspection diagnostics();

        /** Every decoded frame in order, and every check passed; empty when the source holds no decodable frame. */
        record Inspected(List<FrameSample> frames, @Nullable SourceInspection diagnostics) implements Inspection {
            public Inspected {
                frames = List.copyOf(frames);
            }

            public Inspected(List<FrameSample> frames) {
                this(frames, null);
            }
        }

        /**
         * The source is damaged or ends early (VIDEO_VERIFICATION_FAILED saying how); {@code frames}
         * are the frames that did decode, in order, possibly none.
         */
        record Damaged(List<FrameSample> frames, Failure failure, @Nullable SourceInspection diagnostics)
                implements Inspection {
            public Damaged {
                frames = List.copyOf(frames);
                Objects.requireNonNull(failure, "failure");
            }
        }

        /** The inspection itself failed (VIDEO_VERIFICATION_FAILED: unreadable, deadline, output limit, launch). */
        record NotInspected(Failure failure, @Nullable SourceInspection diagnostics) implements Inspection {
            public NotInspected {
                Objects.requireNonNull(failure, "failure");
            }

            public NotInspected(Failure failure) {
                this(failure, null);
            }
        }
    }
}
