package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * session.json and control/ of any number of bundles in memory, where the JSON file adapter keeps
 * them (proven by {@code SessionStoreContracts}). Every save, heartbeat and stop
 * request is kept in order; tests make a save or a stop request fail, or a session unreadable.
 */
class FakeSessionStore implements SessionStore {
    /** Request ids become file names in the real store; anything else is a bug in the caller there and here. */
    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9-]{1,64}");
    final Map<Path, VideoSession> sessions = new HashMap<>();
    final Map<Path, Failure> unreadable = new HashMap<>();
    final Map<Path, List<StopRequest>> stopRequests = new HashMap<>();
    final Map<Path, Heartbeat> heartbeats = new HashMap<>();
    /** Every session saved, in order. */
    final List<VideoSession> saved = new ArrayList<>();
    /** Every heartbeat written, in order. */
    final List<Heartbeat> heartbeatsWritten = new ArrayList<>();
    /** A save of a session it matches fails with EVIDENCE_STORAGE_UNWRITABLE and keeps the old one. */
    Predicate<VideoSession> saveFails = session -> false;
    boolean stopRequestsFail;
    /** Sees every session as it is saved. */
    Consumer<VideoSession> onSave = session -> { };
    /** The space each bundle has reserved now (none once released). */
    final Map<Path, Long> reserved = new HashMap<>();
    boolean reserveFails;
    /** Sees each reservation and each release of reserved space. */
    Consumer<Long> onReserve = bytes -> { };
    Runnable onRelease = () -> { };
    /** Sees every stop request as it is written. */
    Consumer<StopRequest> onStopRequest = request -> { };

    static Failure unwritable(Path path) {
        return new Failure(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE, "Could not write " + path
                + ": Read-only file system (EROFS)", Details.fromJson(Map.of("path", path.toString(), "causeCode", "EROFS",
                "message", "Read-only file system", "recovery", "choose a writable directory")));
    }

    VideoSession session(Path bundleDir) {
        return sessions.get(bundleDir);
    }

    List<StopRequest> stopRequestsOf(Path bundleDir) {
        return List.copyOf(stopRequests.getOrDefault(bundleDir, List.of()));
    }

    @Override
    public Saved saveSession(Path bundleDir, VideoSession session) {
        Path file = bundleDir.resolve(VideoSession.FILE_NAME);
        if (saveFails.test(session)) {
            return new Saved.NotWritten(unwritable(file));
        }
        sessions.put(bundleDir, session);
        saved.add(session);
        onSave.accept(session);
        return new Saved.Written(file);
    }

    @Override
    public SessionRead readSession(Path bundleDir) {
        if (unreadable.containsKey(bundleDir)) {
            return new SessionRead.Unreadable(unreadable.get(bundleDir));
        }
        VideoSession session = sessions.get(bundleDir);
        return session == null ? new SessionRead.Absent() : new SessionRead.Found(session);
    }

    @Override
    public Saved writeHeartbeat(Path bundleDir, Heartbeat heartbeat) {
        heartbeats.put(bundleDir, heartbeat);
        heartbeatsWritten.add(heartbeat);
        return new Saved.Written(bundleDir.resolve("control/heartbeat.json"));
    }

    @Override
    public Optional<Heartbeat> readHeartbeat(Path bundleDir) {
        return Optional.ofNullable(heartbeats.get(bundleDir));
    }

    @Override
    public Saved writeStopRequest(Path bundleDir, StopRequest request) {
        if (!REQUEST_ID.matcher(request.requestId()).matches()) {
            throw new IllegalArgumentException("stop request ids are file-name safe: " + request.requestId());
        }
        Path file = bundleDir.resolve("control/stop-" + request.requestId() + ".json");
        if (stopRequestsFail) {
            return new Saved.NotWritten(unwritable(file));
        }
        stopRequests.computeIfAbsent(bundleDir, dir -> new ArrayList<>()).add(request);
        onStopRequest.accept(request);
        return new Saved.Written(file);
    }

    @Override
    public List<StopRequest> stopRequests(Path bundleDir) {
        return stopRequestsOf(bundleDir);
    }

    @Override
    public Path workerLog(Path bundleDir) {
        return bundleDir.resolve("control/worker.log");
    }

    @Override
    public Saved reserveSpace(Path bundleDir, long bytes) {
        if (reserveFails) {
            return new Saved.NotWritten(unwritable(bundleDir.resolve("control/space-reserve")));
        }
        reserved.put(bundleDir, bytes);
        onReserve.accept(bytes);
        return new Saved.Written(bundleDir.resolve("control/space-reserve"));
    }

    @Override
    public boolean releaseSpace(Path bundleDir) {
        if (reserved.remove(bundleDir) != null) {
            onRelease.run();
        }
        return true;
    }
}
