package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.Map;

/**
 * Spawns the detached recording worker for a saved session: a new process, in its own session
 * where the host allows it, with the startup environment, that survives the starter.
 */
public interface WorkerLauncher {

    Spawn spawn(Path sessionFile, Path logFile, Map<String, String> environment);

    sealed interface Spawn {
        record Spawned(WorkerProcess process) implements Spawn {
        }

        /** The worker process could not be created at all. */
        record SpawnFailed(Failure failure) implements Spawn {
        }
    }

    /** The spawned worker as its parent sees it. */
    interface WorkerProcess {
        long pid();

        boolean isAlive();
    }
}
