package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a person doing manual recovery needs to know about a session, read once: the device lock,
 * the holder's saved session and bundle, the status of its last persisted manifest, and whether a
 * process with the worker's or the recorder's saved identity runs now (as the process table shows
 * it). {@link RecoveryGuide} words it; nothing here authorizes a signal.
 *
 * @param session    the holder's saved session, or null when it cannot be read
 * @param bundleDir  the holder's bundle directory, or null when unknown
 * @param lastStatus the status of its last persisted manifest, or null when none can be read
 * @param worker     the worker the session names and whether it runs, or null when it names none
 * @param recorder   the recorder the session names and whether it runs, or null when it names none
 */
public record RecoveryFacts(Path lockPath, @Nullable VideoSession session, @Nullable Path bundleDir,
                            @Nullable String lastStatus, @Nullable ProcessCheck worker, @Nullable ProcessCheck recorder) {

    public RecoveryFacts {
        Objects.requireNonNull(lockPath, "lockPath");
    }

    /** A saved process identity and whether a process with that PID and start instant runs now. */
    public record ProcessCheck(WorkerIdentity identity, boolean running) {
        public ProcessCheck {
            Objects.requireNonNull(identity, "identity");
        }
    }

    static RecoveryFacts read(Path lockPath, @Nullable VideoSession session, @Nullable Path bundleDir,
                              @Nullable String lastStatus,
                              ProcessIdentity processes) {
        Optional<WorkerIdentity> worker = session == null ? Optional.empty() : session.state().claimedBy();
        Optional<WorkerIdentity> recorder = session == null ? Optional.empty() : session.state().recordedBy();
        return new RecoveryFacts(lockPath, session, bundleDir, lastStatus, check(worker, processes),
                check(recorder, processes));
    }

    private static @Nullable ProcessCheck check(Optional<WorkerIdentity> identity, ProcessIdentity processes) {
        return identity.map(id -> new ProcessCheck(id, processes.isRunning(id))).orElse(null);
    }
}
