package com.androperator.evidence.domain.port.contract;

import com.androperator.evidence.domain.port.video.SessionStore;
import java.nio.file.Path;

/**
 * The five contracts of a store that keeps all of a video bundle's session files (the JSON file
 * adapter, the domain's fakes): session states, heartbeats, stop requests, worker logs and the space
 * reserve, each proven on its own against the same store.
 */
public abstract class SessionStoreContracts implements SessionStatesContract, HeartbeatsContract, StopRequestsContract,
        WorkerLogsContract, SpaceReserveContract {

    @Override
    public abstract SessionStore newStore();

    /** A new, empty bundle directory ({@code name} tells two apart). */
    @Override
    public abstract Path newBundle(String name) throws Exception;
}
