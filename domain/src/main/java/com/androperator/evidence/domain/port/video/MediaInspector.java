package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.FrameSample;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Decodes the whole recorded source and reports every frame's size and timestamp, within a hard
 * deadline, and whether the source is whole: a decoder error, a container that fails its own
 * checks or ends before it says it does, or fewer decoded frames than stored packets make it
 * damaged, whatever the decoder's exit status.
 */
public interface MediaInspector {

    Inspection inspect(Path source);

    /** Each outcome keeps what the inspection observed ({@code diagnostics}, bounded), for captures.json. */
    sealed interface Inspection {
        Map<String, Object> diagnostics();

        /** Every decoded frame in order, and every check passed; empty when the source holds no decodable frame. */
        record Inspected(List<FrameSample> frames, Map<String, Object> diagnostics) implements Inspection {
            public Inspected {
                frames = List.copyOf(frames);
                diagnostics = copy(diagnostics);
            }

            public Inspected(List<FrameSample> frames) {
                this(frames, Map.of());
            }
        }

        /**
         * The source is damaged or ends early (VIDEO_VERIFICATION_FAILED saying how); {@code frames}
         * are the frames that did decode, in order, possibly none.
         */
        record Damaged(List<FrameSample> frames, Failure failure, Map<String, Object> diagnostics)
                implements Inspection {
            public Damaged {
                frames = List.copyOf(frames);
                Objects.requireNonNull(failure, "failure");
                diagnostics = copy(diagnostics);
            }
        }

        /** The inspection itself failed (VIDEO_VERIFICATION_FAILED: unreadable, deadline, output limit, launch). */
        record NotInspected(Failure failure, Map<String, Object> diagnostics) implements Inspection {
            public NotInspected {
                Objects.requireNonNull(failure, "failure");
                diagnostics = copy(diagnostics);
            }

            public NotInspected(Failure failure) {
                this(failure, Map.of());
            }
        }

        /** An unmodifiable copy that keeps insertion order and null values (a JSON object's shape). */
        private static Map<String, Object> copy(Map<String, Object> diagnostics) {
            return Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(diagnostics, "diagnostics")));
        }
    }
}
