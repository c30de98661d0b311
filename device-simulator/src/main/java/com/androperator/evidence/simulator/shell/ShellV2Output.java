package com.androperator.evidence.simulator.shell;

/**
 * Output of {@code shell,v2,...:} services: stdout and stderr in their own frames, and an exit
 * frame last. A stream that ends without the exit frame was cut.
 */
public final class ShellV2Output implements CommandOutput {

    private final OutputSink sink;
    private boolean exited;

    public ShellV2Output(OutputSink sink) {
        this.sink = sink;
    }

    @Override
    public void stdout(byte[] data) {
        if (data.length > 0) {
            sink.write(ShellV2Frames.encode(ShellV2Frames.STDOUT, data));
        }
    }

    @Override
    public void stderr(byte[] data) {
        if (data.length > 0) {
            sink.write(ShellV2Frames.encode(ShellV2Frames.STDERR, data));
        }
    }

    @Override
    public void exit(int status) {
        if (!exited) {
            exited = true;
            sink.write(ShellV2Frames.exitFrame(status));
        }
    }
}
