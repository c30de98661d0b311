package com.androperator.evidence.api.video;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.WorkerLauncher;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Spawns {@link VideoWorkerMain} as a new JVM on the same class path, in a new session via
 * setsid(1) where the host has it (so a Ctrl-C to the starter's process group does not reach it),
 * stdin from /dev/null and both output streams appended to the bundle's control/worker.log. The
 * worker survives the starter; its environment is the starter's, PATH included.
 */
public final class DetachedWorkerLauncher implements WorkerLauncher {
    private static final List<String> SETSID = List.of("/usr/bin/setsid", "/bin/setsid");
    /**
     * No hsperfdata file: the worker writes nothing outside its bundle (that file would be its
     * first write to fail on a full /tmp or under a file-size limit).
     */
    private static final List<String> JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-XX:-UsePerfData", "-Djava.awt.headless=true");

    private final String javaExecutable;
    private final String classPath;

    public DetachedWorkerLauncher(String javaExecutable, String classPath) {
        this.javaExecutable = javaExecutable;
        this.classPath = classPath;
    }

    /** The java of this process and its class path. */
    public static DetachedWorkerLauncher sameJvm() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new DetachedWorkerLauncher(java, System.getProperty("java.class.path"));
    }

    public List<String> command(Path sessionFile) {
        List<String> command = new ArrayList<>();
        SETSID.stream().filter(candidate -> Files.isExecutable(Path.of(candidate))).findFirst().ifPresent(command::add);
        command.add(javaExecutable);
        command.addAll(JVM_OPTIONS);
        command.add("-cp");
        command.add(classPath);
        command.add(VideoWorkerMain.class.getName());
        command.add(sessionFile.toString());
        return command;
    }

    @Override
    public Spawn spawn(Path sessionFile, Path logFile, Map<String, String> environment) {
        List<String> command = command(sessionFile);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().putAll(environment);
        builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        builder.redirectErrorStream(true);
        try {
            Process process = builder.start();
            return new Spawn.Spawned(new WorkerProcess() {
                @Override
                public long pid() {
                    return process.pid();
                }

                @Override
                public boolean isAlive() {
                    return process.isAlive();
                }
            });
        } catch (IOException e) {
            return new Spawn.SpawnFailed(new Failure(ErrorCodes.RECORDER_FAILED,
                    "the worker process could not be started (" + e.getMessage() + ")", Details.fromJson(Map.of("command", command))));
        }
    }
}
