package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;
import java.util.List;

/** Decodes the whole recorded source and reports every frame's size and timestamp, within a hard deadline. */
public interface MediaInspector {

    Inspection inspect(Path source);

    sealed interface Inspection {
        /** Every decoded frame in order; empty when the source holds no decodable frame. */
        record Inspected(List<FrameSample> frames) implements Inspection {
            public Inspected {
                frames = List.copyOf(frames);
            }
        }

        /** The inspection failed (VIDEO_VERIFICATION_FAILED: deadline, output limit, decode error). */
        record NotInspected(Failure failure) implements Inspection {
        }
    }
}
