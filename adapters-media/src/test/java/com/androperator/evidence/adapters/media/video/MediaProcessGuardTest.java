package com.androperator.evidence.adapters.media.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.simulator.lab.Await;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM that dies, SIGKILL included, takes its media subprocesses and what they started with it:
 * a stand-in worker JVM ({@link GuardedChildMain}) starts a recorder, or a bounded run, that itself
 * starts a helper; the test SIGKILLs that JVM and follows both PIDs it observed until they are gone.
 * A recorder the worker released (one that ignored SIGINT) survives it instead. A worker started
 * with SIGINT ignored (nohup, a script's background job) still stops its recorder with SIGINT.
 */
class MediaProcessGuardTest {
    /** Bounds every wait for a process state; a safety net, not a timing assertion. */
    private static final Duration SETTLE = Duration.ofSeconds(30);

    @TempDir
    Path temp;
    private final List<ProcessHandle> leftovers = new ArrayList<>();

    @AfterEach
    void removeWhatATestLeftBehind() {
        leftovers.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void aRecorderAndTheHelperItStartedDieWithAWorkerKilledBySigkill() throws Exception {
        Path record = temp.resolve("capture.partial.mkv");
        Process worker = worker("recorder", recorderScript().toString(), record.toString(), path());
        List<ProcessHandle> started = awaitPids(record + ".recorder", record + ".helper");
        ProcessHandle recorder = started.get(0);
        ProcessHandle helper = started.get(1);
        assertThat(recorder.parent().flatMap(ProcessHandle::parent).map(ProcessHandle::pid))
                .as("the recorder runs under the guard, a child of the worker").contains(worker.pid());
        assertThat(Files.readString(Path.of(record + ".recorder"))).as("its identity is PID and start time")
                .contains("WorkerIdentity[pid=" + recorder.pid() + ", startInstant=");

        worker.destroyForcibly();
        worker.waitFor();

        Await.until(() -> String.format("recorder %d and helper %d end with the worker", recorder.pid(), helper.pid()), SETTLE,
                () -> !recorder.isAlive() && !helper.isAlive());
    }

    @Test
    void aBoundedRunAndItsHelperDieWithAWorkerKilledBySigkill() throws Exception {
        Path script = RealFfmpeg.script(temp, "ffprobe", "#!/usr/bin/env bash\n"
                + "sleep 300 &\n"
                + "echo $! > \"$0.helper\"\n"
                + "echo $$ > \"$0.self\"\n"
                + "wait\n");
        Process worker = worker("runner", script.toString(), path());
        List<ProcessHandle> started = awaitPids(script + ".self", script + ".helper");

        worker.destroyForcibly();
        worker.waitFor();

        Await.until(() -> String.format("the run %s and its helper end with the worker", started), SETTLE,
                () -> started.stream().noneMatch(ProcessHandle::isAlive));
    }

    @Test
    void aReleasedRecorderOutlivesItsWorker() throws Exception {
        Path record = temp.resolve("capture.partial.mkv");
        Process worker = worker("recorder", recorderScript().toString(), record.toString(), path(), "release");
        List<ProcessHandle> started = awaitPids(record + ".recorder", record + ".helper");
        leftovers.addAll(started);
        long group = processGroup(started.get(0).pid());
        // Released: the watchdog of the recorder's group has gone, leaving the recorder and its helper.
        Await.until(() -> String.format("the group %d: %s", group, membersOf(group)), SETTLE,
                () -> membersOf(group).size() == 2);

        worker.destroyForcibly();
        worker.waitFor();

        assertThat(started).as("nothing is left to end them: they outlive the worker")
                .allMatch(ProcessHandle::isAlive);
    }

    @Test
    void aWorkerStartedWithSigintIgnoredStillStopsItsRecorderWithSigint() throws Exception {
        Path record = temp.resolve("capture.partial.mkv");
        Path recorder = RealFfmpeg.script(temp, "scrcpy", "#!/usr/bin/env bash\n"
                + "for a in \"$@\"; do case \"$a\" in --record=*) record=\"${a#*=}\" ;; esac; done\n"
                + "trap 'echo interrupted > \"$record.signal\"; exit 0' INT\n"
                + ": > \"$record\"\n"
                + "while true; do sleep 0.05; done\n");
        List<String> ignoring = new ArrayList<>(List.of("/bin/bash", "-c", "trap '' INT; exec \"$@\"", "ignoring-sigint"));
        ignoring.addAll(javaCommand("stop", recorder.toString(), record.toString(), path()));
        Process worker = new ProcessBuilder(ignoring).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        leftovers.add(worker.toHandle());

        Path stopped = Path.of(record + ".stopped");
        Await.until("the worker wrote how its recorder stopped", SETTLE, () -> wholeLine(stopped));

        assertThat(Files.readString(stopped)).as("the worker JVM itself ignores SIGINT; its recorder stopped on it")
                .isEqualTo("ignoring=true sent=true exited=true status=0\n");
        assertThat(Files.readString(Path.of(record + ".signal"))).isEqualTo("interrupted\n");
    }

    @Test
    void sigintIsReadFromTheStatusFilesIgnoredMask() throws IOException {
        Path status = temp.resolve("status");
        Files.writeString(status, "Name:\tjava\nSigIgn:\t0000000000000002\nSigCgt:\t0000000000000000\n");
        assertThat(MediaProcessGuard.ignoresSigint(status)).isTrue();
        Files.writeString(status, "Name:\tjava\nSigIgn:\t0000000180000004\n");
        assertThat(MediaProcessGuard.ignoresSigint(status)).isFalse();
        assertThat(MediaProcessGuard.ignoresSigint(temp.resolve("absent"))).isFalse();
    }

    private Path recorderScript() {
        return RealFfmpeg.script(temp, "scrcpy", "#!/usr/bin/env bash\n"
                + "for a in \"$@\"; do case \"$a\" in --record=*) record=\"${a#*=}\" ;; esac; done\n"
                + "sleep 300 &\n"
                + "echo $! > \"$record.helper\"\n"
                + ": > \"$record\"\n"
                + "wait\n");
    }

    private String path() {
        return TestPath.of(TestPath.shellTools(temp));
    }

    private static Process worker(String... args) throws IOException {
        return new ProcessBuilder(javaCommand(args)).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static List<String> javaCommand(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), GuardedChildMain.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** The processes whose PIDs the files will hold, once all of them are written. */
    private List<ProcessHandle> awaitPids(String... files) {
        List<ProcessHandle> handles = new ArrayList<>();
        Await.until(() -> String.format("the processes wrote %s", List.of(files)), SETTLE, () -> {
            handles.clear();
            for (String file : files) {
                Optional<ProcessHandle> handle = pidIn(Path.of(file)).flatMap(ProcessHandle::of);
                if (handle.isEmpty()) {
                    return false;
                }
                handles.add(handle.get());
            }
            return true;
        });
        return List.copyOf(handles);
    }

    /** Whether the file holds a whole line (its writer is done with it). */
    private static boolean wholeLine(Path file) {
        try {
            return Files.readString(file).endsWith("\n");
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Long> pidIn(Path file) {
        try {
            String text = Files.readString(file).strip();
            return text.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(text.split(" ")[0]));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The process group of a process, from /proc (field 5 of its stat line). */
    private static long processGroup(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2]);
    }

    private static List<Long> membersOf(long group) {
        return ProcessHandle.allProcesses().filter(p -> {
            try {
                return processGroup(p.pid()) == group;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }).map(ProcessHandle::pid).toList();
    }
}
