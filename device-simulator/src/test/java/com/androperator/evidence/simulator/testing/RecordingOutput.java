package com.androperator.evidence.simulator.testing;

import com.androperator.evidence.simulator.shell.CommandOutput;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Keeps a command's stdout, stderr and exit status apart, for assertions. */
public final class RecordingOutput implements CommandOutput {

    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private Integer exitStatus;

    @Override
    public synchronized void stdout(byte[] data) {
        stdout.writeBytes(data);
    }

    @Override
    public synchronized void stderr(byte[] data) {
        stderr.writeBytes(data);
    }

    @Override
    public synchronized void exit(int status) {
        exitStatus = status;
    }

    public synchronized byte[] stdoutBytes() {
        return stdout.toByteArray();
    }

    public synchronized String stdoutText() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    public synchronized String stderrText() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    public synchronized Integer exitStatus() {
        return exitStatus;
    }
}
