package com.androperator.evidence.api.video;

import com.androperator.evidence.adapters.fs.video.FileVideoBundle;
import com.androperator.evidence.adapters.fs.video.JsonSessionStore;
import com.androperator.evidence.adapters.fs.video.PosixDeviceLocks;
import com.androperator.evidence.adapters.media.video.VideoMediaToolkit;
import com.androperator.evidence.domain.port.MonotonicClock;
import com.androperator.evidence.domain.port.WallClock;
import com.androperator.evidence.domain.port.video.Pause;
import com.androperator.evidence.domain.port.video.SessionStore.SessionRead;
import com.androperator.evidence.domain.video.VideoWorker;
import com.androperator.evidence.domain.video.WorkerPorts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * The detached recording worker: {@code java -cp <class path> com.androperator.evidence.api.video.VideoWorkerMain
 * <absolute session.json>}. It uses only the paths saved in session.json (bundle, manifest,
 * lock), never the evidence root, and the environment it inherited from start.
 */
public final class VideoWorkerMain {
    private VideoWorkerMain() {
    }

    public static void main(String[] args) {
        if (args.length != 1 || !Path.of(args[0]).isAbsolute()) {
            System.err.println("usage: VideoWorkerMain <absolute path of session.json>");
            System.exit(2);
        }
        Path bundleDir = Path.of(args[0]).getParent();
        System.out.println(Instant.now() + " video worker " + ProcessHandle.current().pid() + " for " + bundleDir);
        int status;
        try {
            status = run(bundleDir);
        } catch (RuntimeException | Error e) {
            // A bug: leave the trace in worker.log; the session stays non-terminal and status reports the lost worker.
            e.printStackTrace();
            status = 3;
        }
        System.out.println(Instant.now() + " video worker exits with " + status);
        System.exit(status);
    }

    private static int run(Path bundleDir) {
        JsonSessionStore sessions = new JsonSessionStore();
        if (!(sessions.readSession(bundleDir) instanceof SessionRead.Found found)) {
            System.err.println("session.json is missing or unreadable in " + bundleDir);
            return 2;
        }
        Path lockDirectory = Path.of(found.session().lockPath()).getParent();
        Map<String, String> environment = System.getenv();
        WorkerPorts ports = new WorkerPorts(sessions, FileVideoBundle::new,
                new PosixDeviceLocks(lockDirectory, PosixDeviceLocks.currentUid()), new VideoMediaToolkit(environment),
                new HostProcessIdentity(), WallClock.SYSTEM, MonotonicClock.SYSTEM, Pause.SYSTEM, environment);
        VideoWorker.WorkerExit exit = new VideoWorker(ports).run(bundleDir);
        System.out.println(Instant.now() + " video worker result " + exit);
        return exit == VideoWorker.WorkerExit.FINISHED ? 0 : 1;
    }
}
