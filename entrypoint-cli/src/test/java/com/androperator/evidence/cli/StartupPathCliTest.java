package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.AndroperatorVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The start-up shortcuts change nothing a user sees: {@code --version} alone (answered before the
 * command tree is built) prints what picocli's version help prints, and a command named exactly
 * (whose tree holds only its own branch) prints the same help and usage errors as with the whole
 * tree, which top-level help still lists.
 */
class StartupPathCliTest {
    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"--version", "-V"})
    void theVersionAloneIsAnsweredAsPicocliAnswersIt(String option) throws Exception {
        CliProcess cli = new CliProcess(Map.of("PATH", System.getenv("PATH")), Files.createDirectory(temp.resolve("s")));
        CliProcess.Run alone = cli.run(option);
        // With anything after it, the version option goes through picocli (here inherited by a subcommand).
        CliProcess.Run throughPicocli = cli.run("evidence", "capture", option);

        assertThat(alone.exitCode()).isZero();
        assertThat(alone.stdout()).isEqualTo(AndroperatorVersion.current() + "\n").isEqualTo(throughPicocli.stdout());
        assertThat(alone.stderr()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"evidence capture --help", "evidence capture --bogus", "evidence verify --help",
        "evidence view --help", "evidence video start --help", "doctor --bogus", "evidence captur", "--help",
        "evidence --help"})
    void aCommandNamedExactlyPrintsWhatTheWholeTreePrints(String arguments) throws Exception {
        CliProcess cli = new CliProcess(Map.of("PATH", System.getenv("PATH")), Files.createDirectory(temp.resolve("s")));
        CliProcess.Run run = cli.run(arguments.split(" "));

        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        picocli.CommandLine whole = Main.commandLine(new String[0], new Io(System.out, System.err));
        whole.setOut(new java.io.PrintWriter(out, true));
        whole.setErr(new java.io.PrintWriter(err, true));
        int status = whole.execute(arguments.split(" "));

        assertThat(run.exitCode()).isEqualTo(status);
        assertThat(run.stdout()).isEqualTo(out.toString());
        assertThat(run.stderr()).isEqualTo(err.toString());
    }
}
