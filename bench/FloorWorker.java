import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The compute floor ({@link ComputeFloor}) in a JVM of its own, so that it runs on the JDK the MCP
 * server runs on ({@link FloorProcess} starts it with the server's own java). Arguments: the
 * directory holding the floor's four inputs ({@link FloorProcess#INPUTS}) and the directory its
 * bundles go under. One request a line on standard input, one answer a line on standard output:
 * {@code median} ({@link ComputeFloor#medianCpuMillis()}) or {@code sample N}
 * ({@link ComputeFloor#sampleCpuMillis(int)}), answered {@code ok MS PART... CPU_NS KERNEL_NS
 * CAPTURES}. It ends at the end of its input.
 */
final class FloorWorker {
    private FloorWorker() {
    }

    public static void main(String[] args) throws Exception {
        Path input = Path.of(args[0]);
        byte[][] bytes = new byte[FloorProcess.INPUTS.size()][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = Files.readAllBytes(input.resolve(FloorProcess.INPUTS.get(i)));
        }
        ComputeFloor floor = new ComputeFloor(bytes[0], bytes[1], bytes[2], bytes[3], Path.of(args[1]));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        out.println("ready " + Runtime.version());
        out.flush();
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String request; (request = requests.readLine()) != null; ) {
            double millis = request.equals("median") ? floor.medianCpuMillis()
                    : floor.sampleCpuMillis(Integer.parseInt(request.substring("sample ".length())));
            StringBuilder answer = new StringBuilder("ok ").append(millis);
            for (double part : floor.partMillis()) {
                answer.append(' ').append(part);
            }
            ComputeFloor.Sums sums = floor.lastSums();
            answer.append(' ').append(sums.cpuNanos()).append(' ').append(sums.kernelNanos()).append(' ')
                    .append(sums.captures());
            out.println(answer);
            out.flush();
        }
    }
}
