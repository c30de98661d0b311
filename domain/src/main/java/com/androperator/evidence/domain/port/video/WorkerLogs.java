package com.androperator.evidence.domain.port.video;

import java.nio.file.Path;

/** control/worker.log: where the detached worker's own stdout and stderr go. */
public interface WorkerLogs {

    /** The log file, created private (0600) when it does not exist yet. */
    Path workerLog(Path bundleDir);
}
