package com.androperator.evidence.domain.video.model;

import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;

/** What became of one write to a video bundle's session state or control/ directory. */
public sealed interface Saved {
    record Written(Path path) implements Saved {
    }

    /** EVIDENCE_STORAGE_UNWRITABLE with details path, causeCode, message and recovery. */
    record NotWritten(Failure failure) implements Saved {
    }
}
