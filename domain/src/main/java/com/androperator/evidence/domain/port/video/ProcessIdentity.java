package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.WorkerIdentity;
/** PID plus start-time identity of host processes. It observes only; it never signals. */
public interface ProcessIdentity {

    /** This process. */
    WorkerIdentity self();

    /** True when a process with this PID runs and started at exactly this instant. */
    boolean isRunning(WorkerIdentity identity);
}
