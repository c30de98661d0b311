package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.RecorderLauncher;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * A scripted scrcpy on the test's manual clock. It opens its capture file some time after launch
 * (writing the live source under control/), may exit by itself (its --time-limit, or a crash),
 * and answers SIGINT by exiting a little later, or not at all. Waiting for its exit moves the
 * clock exactly as long as the wait lasts.
 */
final class FakeRecorder implements RecorderLauncher {
    static final long PID = 31337;
    static final byte[] SOURCE = "matroska h264 source".getBytes(StandardCharsets.UTF_8);

    private final ManualMonotonicClock clock;
    private final FakeVideoBundle bundle;
    private final Runnable afterClockMoved;

    /** When set, the launch fails with this failure. */
    Failure notStarted;
    /** Milliseconds after launch at which the capture file is opened; null: never. */
    Long opensAfterMillis = 200L;
    /** Milliseconds after launch at which it exits by itself; null: only when signalled. */
    Long exitsAfterMillis;
    int ownExitStatus;
    /** SIGINT is ignored: the recorder becomes unresponsive. */
    boolean ignoresSigint;
    long sigintExitMillis = 250;
    int sigintExitStatus;
    byte[] output = "INFO: Recording started to mkv file\nINFO: Recording complete\n".getBytes(StandardCharsets.UTF_8);

    final List<RecorderCommand> launched = new ArrayList<>();
    Consumer<RecorderCommand> onLaunch = command -> { };
    Runnable onInterrupt = () -> { };
    Process process;

    FakeRecorder(ManualMonotonicClock clock, FakeVideoBundle bundle, Runnable afterClockMoved) {
        this.clock = clock;
        this.bundle = bundle;
        this.afterClockMoved = afterClockMoved;
    }

    @Override
    public RecorderStart launch(RecorderCommand command) {
        launched.add(command);
        onLaunch.accept(command);
        if (notStarted != null) {
            return new RecorderStart.NotStarted(notStarted);
        }
        process = new Process(command);
        return new RecorderStart.Started(process);
    }

    /** The one child this launcher started. */
    final class Process implements RecorderProcess {
        private final RecorderCommand command;
        private final long startNanos;
        private Long exitNanos;
        private int status;
        private boolean fileCreated;
        int interrupts;
        boolean outlivesWorker;

        Process(RecorderCommand command) {
            this.command = command;
            this.startNanos = clock.nanoTime();
            if (exitsAfterMillis != null) {
                exitNanos = startNanos + exitsAfterMillis * 1_000_000L;
                status = ownExitStatus;
            }
        }

        private Long opensAtNanos() {
            return opensAfterMillis == null ? null : startNanos + opensAfterMillis * 1_000_000L;
        }

        private boolean opened() {
            Long opensAt = opensAtNanos();
            boolean opened = opensAt != null && clock.nanoTime() >= opensAt && (exitNanos == null || opensAt <= exitNanos);
            if (opened && !fileCreated) {
                fileCreated = true;
                bundle.put(VideoFinalization.LIVE_SOURCE, SOURCE);
            }
            return opened;
        }

        @Override
        public long pid() {
            return PID;
        }

        @Override
        public Optional<WorkerIdentity> identity() {
            return Optional.of(new WorkerIdentity(PID, "2026-01-01T00:00:00.000Z"));
        }

        @Override
        public void outliveWorker() {
            outlivesWorker = true;
        }

        @Override
        public List<String> commandLine() {
            return List.of(command.recorder(), "--serial=" + command.serial(), "--no-window",
                    "--max-size=" + command.maxSize(), "--time-limit=" + command.timeLimitSeconds(),
                    "--record=" + command.recordFile());
        }

        @Override
        public boolean isAlive() {
            opened();
            return exitNanos == null || clock.nanoTime() < exitNanos;
        }

        @Override
        public boolean captureFileOpened() {
            return opened();
        }

        @Override
        public boolean interrupt() {
            if (!isAlive()) {
                return false;
            }
            interrupts++;
            onInterrupt.run();
            if (!ignoresSigint) {
                long at = clock.nanoTime() + sigintExitMillis * 1_000_000L;
                if (exitNanos == null || at < exitNanos) {
                    exitNanos = at;
                    status = sigintExitStatus;
                }
            }
            return true;
        }

        @Override
        public boolean awaitExit(long millis) {
            long limit = clock.nanoTime() + millis * 1_000_000L;
            if (exitNanos != null && exitNanos <= limit) {
                if (exitNanos > clock.nanoTime()) {
                    clock.advanceMillis((exitNanos - clock.nanoTime()) / 1_000_000L);
                    afterClockMoved.run();
                }
                opened();
                return true;
            }
            clock.advanceMillis(millis);
            afterClockMoved.run();
            return false;
        }

        @Override
        public OptionalInt exitStatus() {
            return isAlive() ? OptionalInt.empty() : OptionalInt.of(status);
        }

        @Override
        public RecorderOutput output() {
            return new RecorderOutput(output, output.length, false);
        }
    }
}
