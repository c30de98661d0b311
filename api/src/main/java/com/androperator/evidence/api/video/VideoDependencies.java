package com.androperator.evidence.api.video;

import com.androperator.evidence.api.CompositionRoot;
import com.androperator.evidence.domain.port.IdSource;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

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
 * @param workerLauncher   spawns the detached worker; null for a new JVM running {@link VideoWorkerMain}
 *                         (with {@code javaExecutable} and {@code classPath}). Tests and embedders may
 *                         substitute their own.
 */
public record VideoDependencies(
        Map<String, String> environment,
        Path workingDirectory,
        @Nullable Path baseDir,
        @Nullable Path lockDirectory,
        @Nullable String javaExecutable,
        @Nullable String classPath,
        WallClock wallClock,
        MonotonicClock monotonicClock,
        IdSource ids,
        Pause pause,
        @Nullable WorkerLauncher workerLauncher) {

    public VideoDependencies {
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
        workingDirectory = Objects.requireNonNull(workingDirectory, "workingDirectory").toAbsolutePath();
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(monotonicClock, "monotonicClock");
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(pause, "pause");
    }

    /** Without a worker launcher of its own: the detached JVM worker. */
    public VideoDependencies(Map<String, String> environment, Path workingDirectory, @Nullable Path baseDir,
                             @Nullable Path lockDirectory, @Nullable String javaExecutable, @Nullable String classPath,
                             WallClock wallClock, MonotonicClock monotonicClock, IdSource ids, Pause pause) {
        this(environment, workingDirectory, baseDir, lockDirectory, javaExecutable, classPath, wallClock, monotonicClock,
                ids, pause, null);
    }

    public static VideoDependencies defaults() {
        return new VideoDependencies(System.getenv(), Path.of("").toAbsolutePath(), null, null, null, null,
                WallClock.SYSTEM, MonotonicClock.SYSTEM, CompositionRoot.ids(), Pause.SYSTEM, null);
    }

    /** Spawns the worker with {@code launcher} instead of a new JVM; null restores the default. */
    public VideoDependencies withWorkerLauncher(WorkerLauncher launcher) {
        return new VideoDependencies(environment, workingDirectory, baseDir, lockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause, launcher);
    }

    public VideoDependencies withEnvironment(Map<String, String> newEnvironment) {
        return new VideoDependencies(newEnvironment, workingDirectory, baseDir, lockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause, workerLauncher);
    }

    public VideoDependencies withBaseDir(Path newBaseDir) {
        return new VideoDependencies(environment, workingDirectory, newBaseDir, lockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause, workerLauncher);
    }

    public VideoDependencies withLockDirectory(Path newLockDirectory) {
        return new VideoDependencies(environment, workingDirectory, baseDir, newLockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause, workerLauncher);
    }

    public VideoDependencies withWorkingDirectory(Path newWorkingDirectory) {
        return new VideoDependencies(environment, newWorkingDirectory, baseDir, lockDirectory, javaExecutable, classPath,
                wallClock, monotonicClock, ids, pause, workerLauncher);
    }
}
