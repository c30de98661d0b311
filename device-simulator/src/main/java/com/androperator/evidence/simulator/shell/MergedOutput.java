package com.androperator.evidence.simulator.shell;

/**
 * Output of {@code exec:} and legacy {@code shell:}: stderr is merged into the one byte stream,
 * as the command's stdout and stderr share the socket on the device, and no exit status exists.
 */
public final class MergedOutput implements CommandOutput {

    private final OutputSink sink;

    public MergedOutput(OutputSink sink) {
        this.sink = sink;
    }

    @Override
    public void stdout(byte[] data) {
        if (data.length > 0) {
            sink.write(data);
        }
    }

    @Override
    public void stderr(byte[] data) {
        stdout(data);
    }

    @Override
    public void exit(int status) {
        // The legacy protocols cannot carry a status; the host sees only the stream's end.
    }
}
