package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * session.json and the control/ directory of a video bundle: the nonce-bound heartbeat and stop
 * requests. Files 0600, directories 0700, every write atomic (partial file, fsync, rename).
 */
public interface SessionStore {

    Saved saveSession(Path bundleDir, VideoSession session);

    SessionRead readSession(Path bundleDir);

    Saved writeHeartbeat(Path bundleDir, Heartbeat heartbeat);

    Optional<Heartbeat> readHeartbeat(Path bundleDir);

    Saved writeStopRequest(Path bundleDir, StopRequest request);

    List<StopRequest> stopRequests(Path bundleDir);

    /** Where the worker's own stdout/stderr go. */
    Path workerLog(Path bundleDir);

    /**
     * Sets aside {@code bytes} of real disk space under control/ (written, not sparse), so that
     * the worker's last small writes (diagnostics, captures.json, the terminal manifest, the
     * settled session) still succeed on a disk that fills up while it records or finalizes.
     */
    Saved reserveSpace(Path bundleDir, long bytes);

    /** Gives the reserved space back (nothing when none is reserved); true when none is reserved any more. */
    boolean releaseSpace(Path bundleDir);

    sealed interface Saved {
        record Written(Path path) implements Saved {
        }

        /** EVIDENCE_STORAGE_UNWRITABLE with details path, causeCode, message and recovery. */
        record NotWritten(Failure failure) implements Saved {
        }
    }

    sealed interface SessionRead {
        record Found(VideoSession session) implements SessionRead {
        }

        record Absent() implements SessionRead {
        }

        record Unreadable(Failure failure) implements SessionRead {
        }
    }
}
