import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * CPU time of the processes a many-phones round keeps busy, so that the throughput figure can say
 * how much of the concurrent time the CPUs alone explain: the MCP server (the product), the adb
 * server, and this JVM (the simulated phones and the MCP client).
 */
final class CpuTime {
    private CpuTime() {
    }

    /** The bench's own: {@code mcpServer}, and its adb server the one on {@code adbPort}. */
    static Map<String, ProcessHandle> participants(int adbPort, ProcessHandle mcpServer) {
        Map<String, ProcessHandle> found = new LinkedHashMap<>();
        found.put("MCP server", mcpServer);
        ProcessHandle.allProcesses()
                .filter(process -> process.info().commandLine().orElse("").matches(".*adb.*tcp:" + adbPort + "\\b.*fork-server.*"))
                .findFirst().ifPresent(process -> found.put("adb server", process));
        found.put("phones and client (this JVM)", ProcessHandle.current());
        return found;
    }

    /** Each process's CPU time so far, in nanoseconds (absent where the OS does not say). */
    static Map<String, Long> of(Map<String, ProcessHandle> processes) {
        Map<String, Long> nanos = new LinkedHashMap<>();
        processes.forEach((name, process) -> {
            Optional<Duration> cpu = process.info().totalCpuDuration();
            cpu.ifPresent(duration -> nanos.put(name, duration.toNanos()));
        });
        return nanos;
    }

    static void add(Map<String, Long> total, Map<String, Long> before, Map<String, Long> after) {
        after.forEach((name, nanos) -> {
            if (before.containsKey(name)) {
                total.merge(name, nanos - before.get(name), Long::sum);
            }
        });
    }
}
