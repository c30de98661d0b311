package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.Saved;
import java.nio.file.Path;
import java.util.Optional;

/** control/heartbeat.json: the worker's nonce-bound proof of life, replaced atomically on each beat. */
public interface Heartbeats {

    Saved writeHeartbeat(Path bundleDir, Heartbeat heartbeat);

    /** The last heartbeat written; empty when there is none or it cannot be read. */
    Optional<Heartbeat> readHeartbeat(Path bundleDir);
}
