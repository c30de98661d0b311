package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/androperator} in the POSIX locale of a fresh CI machine or container (no LANG, no
 * LC_*), where Java 17 would decode arguments as ASCII. The launcher runs from a {@link LauncherTree}.
 */
class LauncherLocaleTest {
    /** U+1F600: one code point, two UTF-16 code units, four UTF-8 bytes. */
    private static final String EMOJI = "\uD83D\uDE00";
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path tree;

    @BeforeEach
    void installLauncher() throws IOException {
        LauncherTree.install(tree);
    }

    @Test
    void aLabelOfExactly2048UnitsInEmojiIsKeptAsGivenWithoutAUtf8Locale() throws IOException {
        String label = "Caf\u00e9 " + EMOJI.repeat(1021) + "!";
        assertThat(label).hasSize(2048);
        Path bundle = tree.resolve("bundle");

        Run run = launch("evidence", "capture", "--device", lab.serial(), "--operator-package", AdbLab.OPERATOR,
                "--output-dir", bundle.toString(), "--label", label);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(result(run).status()).isEqualTo("complete");
        Conformance.assertConforms(bundle);
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        assertThat(manifest.label()).isEqualTo(label);
    }

    @Test
    void aLabelOf2049UnitsInEmojiIsRefusedAndCountedInUtf16UnitsWithoutAUtf8Locale() {
        Path bundle = tree.resolve("bundle");
        int services = lab.simulator().receivedServices().size();

        Run run = launch("evidence", "capture", "--device", lab.serial(), "--operator-package", AdbLab.OPERATOR,
                "--output-dir", bundle.toString(), "--label", EMOJI.repeat(1024) + "x");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.message()).startsWith("--label is 2049 UTF-16 code units long");
        assertThat(bundle).doesNotExist();
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    private record Run(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\nstdout: " + stdout + "\nstderr: " + stderr;
        }
    }

    private static CommandResult result(Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }

    /** Runs the copied launcher with this test's adb server and no locale settings at all. */
    private Run launch(String... args) {
        Map<String, String> environment = lab.environment();
        environment.keySet().removeIf(name -> name.equals("LANG") || name.equals("LANGUAGE") || name.startsWith("LC_"));
        LauncherTree.withThisJava(environment);
        List<String> command = new ArrayList<>(List.of(tree.resolve("bin/androperator").toString()));
        command.addAll(List.of(args));
        try {
            Path out = Files.createTempFile(tree, "out-", ".txt");
            Path err = Files.createTempFile(tree, "err-", ".txt");
            ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process process = builder.start();
            // A safety net against a hung child, far above any capture's budget; not a timing assertion.
            if (!process.waitFor(180, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IllegalStateException("bin/androperator hung: " + Files.readString(err));
            }
            return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
