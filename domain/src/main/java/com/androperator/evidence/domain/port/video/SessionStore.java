package com.androperator.evidence.domain.port.video;

/**
 * Everything a video bundle keeps beside its evidence, as one composition root wires it: the
 * session state, the heartbeat, the stop requests, the worker's log and the space reserve. Each
 * concern is its own port with its own contract; code that needs one of them asks for that one.
 * Files 0600, directories 0700, every write atomic.
 */
public interface SessionStore extends SessionStates, Heartbeats, StopRequests, WorkerLogs, SpaceReserve {
}
