package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The official MCP TypeScript SDK's client (src/test/node: package.json and its lock file pin
 * {@code @modelcontextprotocol/sdk}), installed with {@code npm ci} into target/ at test time and
 * run by node on {@code discovery-client.mjs}. Node and npm are required, never optional: where
 * they are missing the test fails saying how to install them (.ci/run does, with apt), so that a
 * CI machine without them cannot pass by skipping.
 */
final class TypeScriptMcpClient {
    private static final Path SOURCES = Path.of("src", "test", "node");
    private static final Path INSTALL = Path.of("target", "typescript-mcp-client");
    private static final String SCRIPT = "discovery-client.mjs";
    /** Safety nets against a hung install or client, not timing assertions. */
    private static final long INSTALL_LIMIT_MINUTES = 10;
    private static final long RUN_LIMIT_MINUTES = 6;

    private final Path node;
    private final Path directory;

    private TypeScriptMcpClient(Path node, Path directory) {
        this.node = node;
        this.directory = directory;
    }

    /** Node and npm from PATH (then /usr/bin), the SDK installed from the lock file (once per build). */
    static synchronized TypeScriptMcpClient installed() throws IOException, InterruptedException {
        Path node = executable("node");
        Path npm = executable("npm");
        Path directory = INSTALL.toAbsolutePath();
        Files.createDirectories(directory);
        boolean changed = false;
        for (String name : List.of("package.json", "package-lock.json", SCRIPT)) {
            Path source = SOURCES.resolve(name);
            Path target = directory.resolve(name);
            changed |= !Files.exists(target) || Files.mismatch(source, target) != -1L;
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
        if (changed || !Files.exists(directory.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))) {
            // Exactly the locked versions; no install scripts run; the user's npm cache is reused.
            Path log = directory.resolve("npm-ci.log");
            Process install = new ProcessBuilder(npm.toString(), "ci", "--ignore-scripts", "--no-audit", "--no-fund",
                    "--prefer-offline").directory(directory.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            boolean ended = install.waitFor(INSTALL_LIMIT_MINUTES, TimeUnit.MINUTES);
            if (!ended) {
                install.destroyForcibly();
            }
            assertThat(ended && install.exitValue() == 0)
                    .as("npm ci of the MCP TypeScript SDK in %s (needs the npm registry or a filled npm cache): %s",
                            directory, Files.readString(log))
                    .isTrue();
        }
        return new TypeScriptMcpClient(node, directory);
    }

    /**
     * Runs the client against a server started as {@code command args} with exactly {@code environment}
     * in {@code workingDirectory}, making the calls in {@code steps}; returns its report.
     */
    Map<String, Object> run(String command, List<String> args, Map<String, String> environment, Path workingDirectory,
                            List<Map<String, Object>> steps) throws IOException, InterruptedException {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("command", command);
        config.put("args", args);
        config.put("env", environment);
        config.put("cwd", workingDirectory.toString());
        config.put("steps", steps);
        Path stdout = Files.createTempFile(directory, "report-", ".json");
        Path stderr = Files.createTempFile(directory, "stderr-", ".txt");
        List<String> line = new ArrayList<>(List.of(node.toString(), directory.resolve(SCRIPT).toString(),
                ContractJson.toJson(config)));
        ProcessBuilder builder = new ProcessBuilder(line).directory(directory.toFile())
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        Process client = builder.start();
        boolean ended = client.waitFor(RUN_LIMIT_MINUTES, TimeUnit.MINUTES);
        if (!ended) {
            client.destroyForcibly();
        }
        String report = Files.readString(stdout, StandardCharsets.UTF_8);
        assertThat(ended && client.exitValue() == 0).as("the TypeScript client exited 0; stderr: %s; stdout: %s",
                Files.readString(stderr), report).isTrue();
        @SuppressWarnings("unchecked")
        Map<String, Object> parsed = ContractJson.mapper().readValue(report, LinkedHashMap.class);
        assertThat(parsed.get("fatal")).as("client failure; server stderr: %s", Files.readString(stderr)).isNull();
        Files.delete(stdout);
        Files.delete(stderr);
        return parsed;
    }

    /** One call of the client: {@code name} labels its outcome (and lets later steps use "${name.field}"). */
    static Map<String, Object> step(String name, String tool, Map<String, Object> arguments, boolean progress) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("name", name);
        step.put("tool", tool);
        step.put("arguments", arguments);
        step.put("progress", progress);
        return step;
    }

    /** A JSON object of the report. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    /** A JSON array of objects of the report. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Object value) {
        return (List<Map<String, Object>>) value;
    }

    private static Path executable(String name) {
        List<String> directories = new ArrayList<>(List.of(
                Optional.ofNullable(System.getenv("PATH")).orElse("").split(File.pathSeparator)));
        directories.add("/usr/bin");
        for (String directory : directories) {
            if (directory.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(directory, name);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError("The MCP discovery tests drive androperator-mcp with the official MCP TypeScript SDK "
                + "and need " + name + " (node 18 or newer, and npm) on PATH, which this machine lacks. Install them "
                + "(Debian/Ubuntu: sudo apt-get install -y nodejs npm; .ci/run does this on CI) and rerun; the test "
                + "does not skip, so that a machine without them cannot pass it.");
    }
}
