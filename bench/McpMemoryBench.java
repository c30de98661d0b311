import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.simulator.harness.AdbServerHarness;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * The MCP server's resident memory around a burst of captures (issue 27, item 6): one server
 * (bin/androperator-mcp, extra JVM options from ANDROPERATOR_JAVA_OPTS), simulated phones, a warm-up
 * capture of each, then {@code captures} evidence_capture calls with at most {@code inFlight}
 * outstanding, pipelined over stdio. Prints VmRSS idle before, the peak while the burst runs
 * (sampled every 20 ms), and after it at intervals; asserts nothing.
 */
final class McpMemoryBench {
    private static final long[] AFTER_SECONDS = {1, 10, 30, 60};

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int captures = Integer.parseInt(args[2]);
        int inFlight = Integer.parseInt(args[3]);
        int phoneCount = Integer.parseInt(args[4]);
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", out.resolve("mcp-memory-root").toString());
        int port = Integer.parseInt(environment.get("ANDROID_ADB_SERVER_PORT"));
        try (ManyPhones phones = new ManyPhones(phoneCount, AdbServerHarness.locateAdb().toString(), port)) {
            ProcessBuilder builder = new ProcessBuilder(List.of(root.resolve("bin/androperator-mcp").toString()))
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process server = builder.start();
            try {
                new Burst(server, phones.serials()).run(captures, inFlight);
            } finally {
                server.getOutputStream().close();
                if (!server.waitFor(30, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor();
                }
            }
        }
    }

    private static final class Burst {
        private final Process server;
        private final List<String> serials;
        private final OutputStream requests;
        private final BufferedReader answers;
        private final Path status;
        private final Map<String, Integer> failures = new java.util.concurrent.ConcurrentSkipListMap<>();
        private long nextId = 1;

        Burst(Process server, List<String> serials) {
            this.server = server;
            this.serials = serials;
            this.requests = server.getOutputStream();
            this.answers = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            this.status = Path.of("/proc", Long.toString(server.pid()), "status");
        }

        void run(int captures, int inFlight) throws Exception {
            send("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"mcp-memory-bench\",\"version\":\"1\"}}");
            answer();
            line("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            for (String serial : serials) {
                capture(serial);
                answer();
            }
            Thread.sleep(2_000); // lets the warm-up's garbage settle before the idle figure
            long idle = rssKiB();
            AtomicLong peak = new AtomicLong(idle);
            Semaphore slots = new Semaphore(inFlight);
            Thread reader = new Thread(() -> {
                for (int i = 0; i < captures; i++) {
                    answer();
                    slots.release();
                }
            }, "answers");
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    peak.accumulateAndGet(rssKiB(), Math::max);
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "rss-sampler");
            reader.start();
            sampler.start();
            long started = System.nanoTime();
            for (int i = 0; i < captures; i++) {
                slots.acquire();
                capture(serials.get(i % serials.size()));
            }
            reader.join();
            sampler.interrupt();
            sampler.join();
            System.out.printf("%d captures, at most %d at once, over %d phones: %.1f s; refused or failed: %s%n",
                    captures, inFlight, serials.size(), (System.nanoTime() - started) / 1e9, failures);
            System.out.printf("MCP server VmRSS: idle before %d MiB, peak %d MiB%n", idle >> 10, peak.get() >> 10);
            long waited = 0;
            for (long seconds : AFTER_SECONDS) {
                Thread.sleep((seconds - waited) * 1000);
                waited = seconds;
                System.out.printf("  %3d s after the burst: %d MiB%n", seconds, rssKiB() >> 10);
            }
        }

        private void capture(String serial) {
            send("tools/call", "{\"name\":\"evidence_capture\",\"arguments\":{\"deviceId\":\"" + serial
                    + "\",\"operatorPackage\":\"" + CaptureBench.OPERATOR + "\"}}");
        }

        private void answer() {
            try {
                for (String text; (text = answers.readLine()) != null; ) {
                    JsonNode message = ContractJson.mapper().readTree(text);
                    if (message.has("id")) {
                        if (message.path("result").path("isError").asBoolean(false)) {
                            String code = message.path("result").path("structuredContent").path("code").asString("no code");
                            failures.merge(code, 1, Integer::sum);
                        }
                        return;
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            throw new IllegalStateException("the MCP server closed stdout");
        }

        private synchronized void send(String method, String params) {
            line("{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
        }

        private void line(String text) {
            try {
                requests.write((text + "\n").getBytes(StandardCharsets.UTF_8));
                requests.flush();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        private long rssKiB() {
            try {
                for (String field : Files.readAllLines(status)) {
                    if (field.startsWith("VmRSS:")) {
                        return Long.parseLong(field.replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException e) {
                return 0; // the server has ended
            }
            return 0;
        }
    }
}
