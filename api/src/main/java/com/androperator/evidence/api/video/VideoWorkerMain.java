package com.androperator.evidence.api.video;

import com.androperator.evidence.api.CompositionRoot;
import com.androperator.evidence.domain.video.VideoWorker;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The detached recording worker: {@code java -cp <class path> com.androperator.evidence.api.video.VideoWorkerMain
 * <absolute session.json>}. It uses only the paths saved in session.json (bundle, manifest,
 * lock), never the evidence root, and the environment it inherited from start.
 */
public final class VideoWorkerMain {
    private VideoWorkerMain() {
    }

    public static void main(String[] args) {
        // The root directory is absolute but holds no session.json: it has no parent to be the bundle.
        Path bundleDir = args.length == 1 && Path.of(args[0]).isAbsolute() ? Path.of(args[0]).getParent() : null;
        if (bundleDir == null) {
            System.err.println("usage: VideoWorkerMain <absolute path of session.json>");
            System.exit(2);
            return;
        }
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
        Optional<VideoWorker> worker = CompositionRoot.videoWorker(bundleDir, System.getenv());
        if (worker.isEmpty()) {
            System.err.println("session.json is missing or unreadable in " + bundleDir);
            return 2;
        }
        VideoWorker.WorkerExit exit = worker.get().run(bundleDir);
        System.out.println(Instant.now() + " video worker result " + exit);
        return exit == VideoWorker.WorkerExit.FINISHED ? 0 : 1;
    }
}
