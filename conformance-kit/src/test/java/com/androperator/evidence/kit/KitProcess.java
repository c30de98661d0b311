package com.androperator.evidence.kit;

import com.androperator.evidence.kit.engine.Json;
import com.androperator.evidence.kit.report.Reports;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/** Runs {@code bin/androperator-conformance} of this worktree as a process, as an implementer would. */
final class KitProcess {
    /** The reactor's root: bin/androperator, bin/androperator-mcp and bin/androperator-conformance live there. */
    static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize().getParent();
    static final Path LAUNCHER = ROOT.resolve("bin/androperator-conformance");
    /** A safety net against a hung kit; far above a full run. */
    private static final long HANG_LIMIT_MINUTES = 45;

    private KitProcess() {
    }

    record Run(int exit, String stdout, String stderr, JsonNode report) {
        List<String> lines() {
            return stdout.lines().toList();
        }

        /** The report entry of one scenario. */
        JsonNode scenario(String name) {
            for (JsonNode scenario : report.path("scenarios")) {
                if (name.equals(Json.text(scenario, "name"))) {
                    return scenario;
                }
            }
            throw new AssertionError("no scenario " + name + " in the report; stdout:\n" + stdout);
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
        }
    }

    /** Runs the launcher with {@code args}; the JSON report is read back when {@code report} is not null. */
    static Run run(Path scratch, Path report, Map<String, String> environment, String... args) {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
        command.addAll(List.of(args));
        if (report != null) {
            command.addAll(List.of("--report", report.toString()));
        }
        try {
            Path out = Files.createTempFile(scratch, "kit-out-", ".txt");
            Path err = Files.createTempFile(scratch, "kit-err-", ".txt");
            ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(HANG_LIMIT_MINUTES, TimeUnit.MINUTES)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                throw new AssertionError("the kit hung: " + Files.readString(out));
            }
            JsonNode parsed = report == null || !Files.exists(report.resolve(Reports.JSON_FILE)) ? null
                    : Json.read(report.resolve(Reports.JSON_FILE)).orElseThrow();
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), parsed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static Run run(Path scratch, Path report, String... args) {
        return run(scratch, report, Map.of(), args);
    }
}
