package com.androperator.evidence.adapters.media.video;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.RecorderLauncher;
import com.androperator.evidence.domain.video.VideoLimits;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * Starts scrcpy with exactly the recording command of device-protocol.md section 5, ADB set to the
 * adb that reaches the same server, both output streams merged and retained up to 1 MiB. scrcpy
 * runs under the {@link MediaProcessGuard}, so it ends with this JVM; SIGINT goes only to the
 * guard child held here (which hands it to scrcpy alone), and only while this handle sees it alive.
 */
public final class ScrcpyRecorderLauncher implements RecorderLauncher {
    private final String killCommand;

    /** @param killCommand the kill(1) executable used to send SIGINT (Java has no SIGINT API) */
    public ScrcpyRecorderLauncher(String killCommand) {
        this.killCommand = killCommand;
    }

    /** The kill(1) of this host: /bin/kill, else /usr/bin/kill. */
    public static ScrcpyRecorderLauncher withSystemKill() {
        String kill = Files.isExecutable(Path.of("/bin/kill")) ? "/bin/kill" : "/usr/bin/kill";
        return new ScrcpyRecorderLauncher(kill);
    }

    public static List<String> command(RecorderCommand command) {
        return List.of(command.recorder(), "--serial=" + command.serial(), "--no-window", "--no-audio", "--no-control",
                "--capture-orientation=@", "--video-codec=h264", "--max-size=" + command.maxSize(),
                "--record-format=mkv", "--record=" + command.recordFile(), "--time-limit=" + command.timeLimitSeconds());
    }

    @Override
    public RecorderStart launch(RecorderCommand command) {
        List<String> line = command(command);
        ProcessBuilder builder = new ProcessBuilder(MediaProcessGuard.wrap(line));
        Map<String, String> environment = new HashMap<>(command.environment());
        if (command.adb() != null) {
            environment.put("ADB", command.adb());
        }
        builder.environment().clear();
        builder.environment().putAll(environment);
        // stdin stays a pipe: it is the guard's watch pipe (see MediaProcessGuard).
        builder.redirectErrorStream(true);
        try {
            Process process = builder.start();
            return new RecorderStart.Started(new ScrcpyProcess(process, line, command.recordFile(), killCommand));
        } catch (IOException e) {
            return new RecorderStart.NotStarted(new Failure(ErrorCodes.RECORDER_FAILED,
                    "scrcpy could not be started: " + e.getMessage(), Details.fromJson(Map.of("command", line))));
        }
    }

    private static final class ScrcpyProcess implements RecorderProcess {
        private final Process process;
        private final List<String> commandLine;
        private final Path recordFile;
        private final String killCommand;
        private final ByteArrayOutputStream retained = new ByteArrayOutputStream();
        private final Thread reader;
        private long total;
        private ProcessHandle recorder;

        ScrcpyProcess(Process process, List<String> commandLine, Path recordFile, String killCommand) {
            this.process = process;
            this.commandLine = List.copyOf(commandLine);
            this.recordFile = recordFile;
            this.killCommand = killCommand;
            this.reader = new Thread(this::drain, "scrcpy-output");
            this.reader.setDaemon(true);
            this.reader.start();
        }

        private void drain() {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = process.getInputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    synchronized (retained) {
                        int room = VideoLimits.RECORDER_OUTPUT_CAP_BYTES - retained.size();
                        if (room > 0) {
                            retained.write(buffer, 0, Math.min(room, read));
                        }
                        total += read;
                    }
                }
            } catch (IOException e) {
                // The pipe closed with the process; what arrived is kept.
            }
        }

        @Override
        public long pid() {
            return recorder().map(ProcessHandle::pid).orElse(process.pid());
        }

        @Override
        public Optional<WorkerIdentity> identity() {
            return recorder().flatMap(handle -> handle.info().startInstant()
                    .map(start -> new WorkerIdentity(handle.pid(), start.toString())));
        }

        /**
         * scrcpy itself: the guard's one child (the guard is the child held here); the handle
         * itself where the host runs scrcpy unguarded. Found once the guard has started it.
         */
        private synchronized Optional<ProcessHandle> recorder() {
            if (recorder == null) {
                if (!MediaProcessGuard.available()) {
                    recorder = process.toHandle();
                } else if (process.isAlive()) {
                    recorder = process.toHandle().children().findFirst().orElse(null);
                }
            }
            return Optional.ofNullable(recorder);
        }

        @Override
        public void outliveWorker() {
            MediaProcessGuard.release(process);
        }

        @Override
        public List<String> commandLine() {
            return commandLine;
        }

        @Override
        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public boolean captureFileOpened() {
            return Files.exists(recordFile);
        }

        @Override
        public boolean interrupt() {
            // The child is ours and not yet reaped while alive, so its PID still names it here.
            if (!process.isAlive()) {
                return false;
            }
            return QuickCommand.succeeds(killCommand, "-INT", Long.toString(process.pid()));
        }

        @Override
        public boolean awaitExit(long millis) {
            try {
                return process.waitFor(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !process.isAlive();
            }
        }

        @Override
        public OptionalInt exitStatus() {
            return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
        }

        @Override
        public RecorderOutput output() {
            if (!process.isAlive()) {
                try {
                    reader.join(2_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            synchronized (retained) {
                return new RecorderOutput(retained.toByteArray(), total, total > retained.size());
            }
        }
    }
}
