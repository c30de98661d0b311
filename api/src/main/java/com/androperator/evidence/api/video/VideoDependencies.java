package com.androperator.evidence.api.video;

import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.port.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.video.Pause;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * What managed video takes from its surroundings; {@link #defaults()} is production.
 *
 * @param environment      the caller's environment: PATH (where scrcpy, ffmpeg and ffprobe are
 *                         looked up), HOME, ANDROPERATOR_EVIDENCE_DIR and the adb server settings.
 *                         The detached worker inherits exactly this environment.
 * @param workingDirectory what a relative ANDROPERATOR_EVIDENCE_DIR resolves against, once per request
 * @param baseDir          overrides the evidence root containing bundles/ (tests, servers); null means
 *                         ANDROPERATOR_EVIDENCE_DIR or ~/.androperator/evidence. It never moves the lock.
 * @param lockDirectory    null for the fixed per-user lock directory; tests give a private one
 * @param javaExecutable   the java that runs the worker; null for this JVM's
 * @param classPath        the worker's class path; null for this JVM's java.class.path
 */
public record VideoDependencies(
        Map<String, String> environment,
        Path workingDirectory,
        Path baseDir,
        Path lockDirectory,
        String javaExecutable,
        String classPath,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        IdSource ids,
        Pause pause) {

    public VideoDependencies {
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        workingDirectory = Objects.requireNonNull(workingDirectory, "workingDirectory").toAbsolutePath();
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(pause, "pause");
    }

    public static VideoDependencies defaults() {
        return new VideoDependencies(System.getenv(), Path.of("").toAbsolutePath(), null, null, null, null,
                WallClock.SYSTEM, MonotonicClock.SYSTEM, IdSource.RANDOM_UUID, Pause.SYSTEM);
    }

    public VideoDependencies withEnvironment(Map<String, String> newEnvironment) {
        return new VideoDependencies(newEnvironment, workingDirectory, baseDir, lockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause);
    }

    public VideoDependencies withBaseDir(Path newBaseDir) {
        return new VideoDependencies(environment, workingDirectory, newBaseDir, lockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause);
    }

    public VideoDependencies withLockDirectory(Path newLockDirectory) {
        return new VideoDependencies(environment, workingDirectory, baseDir, newLockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause);
    }

    public VideoDependencies withWorkingDirectory(Path newWorkingDirectory) {
        return new VideoDependencies(environment, newWorkingDirectory, baseDir, lockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause);
    }
}
