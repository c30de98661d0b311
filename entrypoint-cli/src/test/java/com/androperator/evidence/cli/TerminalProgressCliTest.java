package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture attached to a terminal shows its progress on stderr and nowhere else: through
 * {@code androperator} processes with stderr on a pseudo-terminal (util-linux script) or a pipe,
 * against the simulated phone whose silent Operator makes the capture wait out its budget.
 */
class TerminalProgressCliTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    private CliProcess cli;

    @BeforeEach
    void silentOperator() throws IOException {
        lab.phone(profile -> profile.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.SILENT)).build());
        cli = new CliProcess(lab.environment(), Files.createDirectory(temp.resolve("scratch")));
    }

    @Test
    void aTerminalSeesTheTimePassAgainstTheBudgetWhileStdoutCarriesOnlyTheResult() {
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.runWithTerminalStderr("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "3000");

        assertThat(run.exitCode()).as("partial: %s", run).isEqualTo(1);
        assertThat(run.stdout().lines()).hasSize(1);
        assertThat(result(run).status()).isEqualTo("partial");
        assertThat(run.stderr()).containsPattern("\rcapturing: [0-9.]+ s elapsed of its 3 s budget\u001B\\[K")
                .doesNotContain("\"ok\"");
        Conformance.assertConforms(bundle);
    }

    @Test
    void aPipeOnStderrGetsNoProgress() {
        Path bundle = temp.resolve("bundle");
        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "3000");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(result(run).status()).isEqualTo("partial");
        assertThat(run.stderr()).doesNotContain("capturing:");
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }
}
