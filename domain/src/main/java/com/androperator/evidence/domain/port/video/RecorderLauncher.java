package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.VideoLimits;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * Starts the host screen recorder (scrcpy) as a child of this process. Only the handle returned
 * here is ever signalled: no stored PID authorizes a signal.
 */
public interface RecorderLauncher {

    RecorderStart launch(RecorderCommand command);

    /**
     * @param recorder    absolute path of the checked scrcpy
     * @param adb         absolute path of adb, handed to scrcpy as ADB, or null to let scrcpy find its own
     * @param environment the worker's environment (PATH and the adb server settings)
     */
    record RecorderCommand(String recorder, @Nullable String adb, String serial, int maxSize, Path recordFile,
                           int timeLimitSeconds, Map<String, String> environment) {
        public RecorderCommand {
            environment = Map.copyOf(environment);
        }
    }

    sealed interface RecorderStart {
        record Started(RecorderProcess process) implements RecorderStart {
        }

        /** RECORDER_FAILED: the executable could not be started at all. */
        record NotStarted(Failure failure) implements RecorderStart {
        }
    }

    /**
     * The live recorder that this process started. It ends with this process: a worker that dies
     * in any way (SIGKILL included) takes the recorder and what it started with it, unless
     * {@link #outliveWorker()} was called.
     */
    interface RecorderProcess {
        /** The recorder's own PID (once it runs; before that, the PID of the handle that starts it). */
        long pid();

        /**
         * The recorder's PID and start instant as the host's process table shows them, for
         * session.json and recovery messages; empty while it is not yet known or where the host
         * cannot tell a start time. It only describes the process; it authorizes no signal.
         */
        Optional<WorkerIdentity> identity();

        /**
         * Lets the recorder outlive this worker (bounded by its own time limit): only for a
         * recorder that did not exit after SIGINT, which the spec leaves alive with the lock kept
         * for manual recovery.
         */
        void outliveWorker();

        List<String> commandLine();

        boolean isAlive();

        /** True once the live recorder has created its capture file. */
        boolean captureFileOpened();

        /** Sends SIGINT to this child, if it is still alive; false when it had already exited. */
        boolean interrupt();

        /** Waits at most {@code millis} for the exit; true when it has exited. */
        boolean awaitExit(long millis);

        /** The exit status once exited. */
        OptionalInt exitStatus();

        /** Both output streams as received, interleaved, capped at {@link VideoLimits#RECORDER_OUTPUT_CAP_BYTES}. */
        RecorderOutput output();
    }

    /** The retained recorder output, the total it printed, and whether retention was cut. */
    record RecorderOutput(byte[] retained, long totalBytes, boolean truncated) {
        public RecorderOutput {
            retained = retained.clone();
        }

        @Override
        public byte[] retained() {
            return retained.clone();
        }
    }
}
