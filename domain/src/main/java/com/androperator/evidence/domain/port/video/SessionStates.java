package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;

/**
 * session.json beside a video bundle's manifest: who owns the session and what the worker needs.
 * A file 0600, every write atomic (partial file, fsync, rename); what is read back is the last one saved.
 */
public interface SessionStates {

    Saved saveSession(Path bundleDir, VideoSession session);

    SessionRead readSession(Path bundleDir);

    sealed interface SessionRead {
        record Found(VideoSession session) implements SessionRead {
        }

        record Absent() implements SessionRead {
        }

        record Unreadable(Failure failure) implements SessionRead {
        }
    }
}
