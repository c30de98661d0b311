package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.HostileBundles;
import com.androperator.evidence.conformance.ReferenceBundles;
import com.androperator.evidence.contracts.ContractJson;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** {@code androperator evidence verify} as a child process, fed the conformance module's hostile bundles. */
class VerifyCommandProcessTest {
    @TempDir
    Path root;

    static Stream<HostileBundles.Recipe> recipes() {
        return HostileBundles.recipes().stream();
    }

    private CliProcess cli() {
        return new CliProcess(Map.of("PATH", "/usr/bin:/bin", "HOME", root.toString(), "LC_ALL", "C.UTF-8"), root);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recipes")
    void verifyReportsEachHostileBundle(HostileBundles.Recipe recipe) {
        HostileBundles.Built built = recipe.build().apply(root.resolve("bundle"));
        CliProcess.Run run = cli().run("evidence", "verify", built.dir().toString());
        JsonNode report = ContractJson.mapper().readTree(run.stdout());
        if (built.code() == null) {
            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(report.get("ok").asBoolean()).isTrue();
            return;
        }
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(report.get("ok").asBoolean()).isFalse();
        assertThat(report.get("problems").valueStream()).as(run.stdout())
                .anyMatch(p -> p.get("code").asString().equals(built.code())
                        && p.get("path").asString().equals(built.file()));
    }

    static Stream<String> referenceBundles() {
        return ReferenceBundles.BUNDLES.keySet().stream();
    }

    /** A bundle the reference tool wrote (still and video, fractional durations, "WxH" sizes) verifies, exit 0. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("referenceBundles")
    void verifyAcceptsABundleTheReferenceToolWrote(String name) {
        Path bundle = ReferenceBundles.materialize(name, root);
        CliProcess.Run run = cli().run("evidence", "verify", bundle.toString());
        JsonNode report = ContractJson.mapper().readTree(run.stdout());
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(report.get("ok").asBoolean()).isTrue();
        assertThat(report.get("problems").size()).as(run.stdout()).isZero();
    }

    /**
     * Also the figures: wall time and the child's peak RSS (VmHWM from /proc), printed, not
     * asserted; with the client compiler only (other commands' launcher setting) and with the
     * default tiered compilation that bin/androperator uses for verify.
     */
    @Test
    void aTwoGibSparseNonPngListedCompleteWithItsTrueHashFails() throws Exception {
        HostileBundles.Built built = HostileBundles.twoGibNotPng(root.resolve("bundle"));
        for (List<String> jit : List.of(List.of("-XX:TieredStopAtLevel=1"), List.<String>of())) {
            List<String> command = new java.util.ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:-UsePerfData",
                    "-XX:+UseSerialGC"));
            command.addAll(jit);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "evidence",
                    "verify", built.dir().toString()));
            Path out = root.resolve("out.json");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().clear();
            builder.environment().putAll(Map.of("PATH", "/usr/bin:/bin", "HOME", root.toString(), "LC_ALL", "C.UTF-8"));
            long started = System.nanoTime();
            Process process = builder.start();
            Path status = Path.of("/proc", Long.toString(process.pid()), "status");
            long peakKiB = 0;
            while (!process.waitFor(20, TimeUnit.MILLISECONDS)) {
                peakKiB = Math.max(peakKiB, peakRssKiB(status));
            }
            long elapsedMs = (System.nanoTime() - started) / 1_000_000;
            JsonNode report = ContractJson.mapper().readTree(Files.readString(out, StandardCharsets.UTF_8));
            assertThat(process.exitValue()).isEqualTo(1);
            assertThat(report.get("problems").valueStream())
                    .anyMatch(p -> p.get("code").asString().equals("PNG_INVALID")
                            && p.get("path").asString().equals("screenshot.png"))
                    .noneMatch(p -> p.get("code").asString().equals("HASH_MISMATCH"));
            System.out.printf("androperator evidence verify of a 2 GiB screenshot (%s): %d ms wall, peak RSS %d MiB%n",
                    jit.isEmpty() ? "tiered JIT" : "C1 only", elapsedMs, peakKiB / 1024);
        }
    }

    private static long peakRssKiB(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended between polls
        }
        return 0;
    }
}
