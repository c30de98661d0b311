import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The compute floor read in a {@link FloorWorker} on the MCP server's own JDK: the floor is the
 * required work done the best way this machine can, and the server's JDK is the one the ratio is
 * about. Measured on the bench's JDK instead, the floor compared the server with another zlib and
 * another JIT: on 2026-12-07 the same floor read 16.7-17.2 ms on Temurin 25 (its own zlib 1.3.2)
 * and 17.8-18.6 on Debian's JDK 17 (the system's zlib 1.2.13), the inflate 12.1-12.3 against
 * 13.3-13.8, in three runs each, alternated (docs/benchmarks.md, "Twenty-ninth pass").
 */
final class FloorProcess implements AutoCloseable {
    /** The floor's inputs in the order {@link ComputeFloor}'s constructor takes them, as files under the input directory. */
    static final List<String> INPUTS = List.of("screenshot.png", "hierarchy.xml", "captures.json", "manifest.json");

    private final Process process;
    private final BufferedReader answers;
    private final Writer requests;
    private final Runtime.Version version;
    private double[] parts = new double[ComputeFloor.PARTS.size()];
    private ComputeFloor.Sums sums = ComputeFloor.Sums.NONE;

    private FloorProcess(Process process) throws IOException {
        this.process = process;
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.requests = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        String ready = answers.readLine();
        if (ready == null || !ready.startsWith("ready ")) {
            throw new IllegalStateException("the floor's JVM did not start (" + ready + "); its errors are above");
        }
        this.version = Runtime.Version.parse(ready.substring("ready ".length()));
    }

    /**
     * A worker on {@code java} (the server's own executable) over {@code inputs} (png, hierarchy,
     * captures.json, manifest.json bytes), its files under {@code directory}; its errors go to this
     * JVM's.
     */
    static FloorProcess start(String java, List<byte[]> inputs, Path directory) {
        try {
            Path input = Files.createDirectories(directory.resolve("floor-input"));
            for (int i = 0; i < INPUTS.size(); i++) {
                Files.write(input.resolve(INPUTS.get(i)), inputs.get(i));
            }
            List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"),
                    FloorWorker.class.getName(), input.toString(), directory.toString());
            return new FloorProcess(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The worker's Java version. */
    Runtime.Version version() {
        return version;
    }

    /** {@link ComputeFloor#medianCpuMillis()} in the worker. */
    double medianCpuMillis() {
        return ask("median");
    }

    /** {@link ComputeFloor#sampleCpuMillis(int)} in the worker. */
    double sampleCpuMillis(int count) {
        return ask("sample " + count);
    }

    /** {@link ComputeFloor#partMillis()} of the last reading. */
    double[] partMillis() {
        return parts.clone();
    }

    /** {@link ComputeFloor#lastSums()} of the last reading. */
    ComputeFloor.Sums lastSums() {
        return sums;
    }

    private double ask(String request) {
        try {
            requests.write(request + "\n");
            requests.flush();
            String answer = answers.readLine();
            if (answer == null || !answer.startsWith("ok ")) {
                throw new IllegalStateException("the floor's JVM answered " + answer + " to " + request);
            }
            String[] fields = answer.substring(3).split(" ");
            double[] read = new double[ComputeFloor.PARTS.size()];
            for (int part = 0; part < read.length; part++) {
                read[part] = Double.parseDouble(fields[1 + part]);
            }
            int at = 1 + read.length;
            parts = read;
            sums = new ComputeFloor.Sums(Long.parseLong(fields[at]), Long.parseLong(fields[at + 1]),
                    Long.parseLong(fields[at + 2]));
            return Double.parseDouble(fields[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the worker: the end of its input, then its exit. */
    @Override
    public void close() {
        try {
            requests.close();
            process.waitFor();
        } catch (IOException e) {
            process.destroy();
        } catch (InterruptedException e) {
            process.destroy();
            Thread.currentThread().interrupt();
        }
    }
}
