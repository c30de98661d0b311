package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.video.model.LockClaim;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The fixed lock directory in memory: one lock file per serial, created exclusively, removed only
 * by the nonce it holds; of racing starts exactly one wins (proven by {@code DeviceLocksContract}).
 * Every call is logged by name, in order.
 */
final class FakeDeviceLocks implements DeviceLocks {
    static final Path DIRECTORY = Path.of("/tmp/androperator-evidence-locks-1000");

    final Map<Path, LockClaim> held = new LinkedHashMap<>();
    /** Lock files that exist but cannot be read. */
    final Set<Path> unreadable = new HashSet<>();
    final List<String> calls = new ArrayList<>();
    /** Every release attempt: the lock path and the nonce that asked. */
    final List<String> releases = new ArrayList<>();
    Failure directoryUnusable;
    Failure acquireUnusable;
    Failure releaseFails;
    Consumer<String> onRelease = lock -> { };

    static Path lockPath(String serial) {
        return DIRECTORY.resolve("device-" + Integer.toHexString(serial.hashCode()) + ".lock");
    }

    /** Another session already holds {@code serial}. */
    FakeDeviceLocks heldBy(String serial, LockClaim claim) {
        held.put(lockPath(serial), claim);
        return this;
    }

    @Override
    public synchronized DirectoryCheck checkDirectory() {
        calls.add("checkDirectory");
        return directoryUnusable == null ? new DirectoryCheck.Usable(DIRECTORY) : new DirectoryCheck.Unusable(directoryUnusable);
    }

    @Override
    public synchronized Acquisition acquire(String serial, LockClaim claim) {
        calls.add("acquire");
        if (acquireUnusable != null) {
            return new Acquisition.Unusable(acquireUnusable);
        }
        Path path = lockPath(serial);
        if (unreadable.contains(path)) {
            return new Acquisition.Held(path, Optional.empty());
        }
        if (held.containsKey(path)) {
            return new Acquisition.Held(path, Optional.of(held.get(path)));
        }
        held.put(path, claim);
        return new Acquisition.Acquired(path);
    }

    @Override
    public synchronized Optional<LockClaim> holder(Path lockPath) {
        calls.add("holder");
        return Optional.ofNullable(held.get(lockPath));
    }

    @Override
    public synchronized Release release(Path lockPath, String nonce) {
        calls.add("release");
        releases.add(lockPath + " " + nonce);
        if (releaseFails != null) {
            return new Release.ReleaseFailed(releaseFails);
        }
        LockClaim claim = held.get(lockPath);
        if (claim == null) {
            return new Release.NotHeld("no lock at " + lockPath);
        }
        if (!claim.nonce().equals(nonce)) {
            return new Release.NotHeld("held by session " + claim.sessionId());
        }
        held.remove(lockPath);
        onRelease.accept(lockPath.toString());
        return new Release.Released();
    }
}
