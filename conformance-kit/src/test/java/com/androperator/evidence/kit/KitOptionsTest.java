package com.androperator.evidence.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class KitOptionsTest {

    @Test
    void runTakesEveryOptionWithASpaceOrAnEqualsSign() {
        KitOptions options = KitOptions.parse("run", "--cli", "node /opt/tool/cli.js", "--mcp=tool-mcp --stdio",
                "--report", "out", "--only", "capture-complete, video-*", "--keep");

        assertThat(options.cli()).isEqualTo("node /opt/tool/cli.js");
        assertThat(options.mcp()).isEqualTo("tool-mcp --stdio");
        assertThat(options.report()).isEqualTo(Path.of("out").toAbsolutePath());
        assertThat(options.only()).containsExactly("capture-complete", "video-*");
        assertThat(options.keep()).isTrue();
        assertThat(options.list()).isFalse();
    }

    @Test
    void aRelativeFileInTheCommandBecomesAbsoluteAndEverythingElseStaysAsWritten() {
        // The scenario's child runs in a private directory; pom.xml exists here, the other words are not files.
        assertThat(KitOptions.absolutePaths("FOO=1 ./pom.xml --flag 'a b' src/nothing"))
                .isEqualTo("FOO=1 " + Path.of("pom.xml").toAbsolutePath() + " --flag 'a b' src/nothing");
        assertThat(KitOptions.absolutePaths("androperator")).isEqualTo("androperator");
    }

    static Stream<Arguments> usageErrors() {
        return Stream.of(
                Arguments.of(List.of(), "say 'run'"),
                Arguments.of(List.of("run"), "run needs --cli"),
                Arguments.of(List.of("run", "--cli"), "--cli needs a value"),
                Arguments.of(List.of("run", "--cli", " "), "--cli needs a non-blank value"),
                Arguments.of(List.of("run", "--cli", "x", "--bogus"), "unknown argument '--bogus'"),
                Arguments.of(List.of("run", "--cli", "x", "--ffmpeg", "/nonexistent"), "does not hold executable ffmpeg"),
                Arguments.of(List.of("capture", "--cli", "x"), "unknown argument 'capture'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("usageErrors")
    void aCommandLineTheKitCannotRunIsAUsageError(List<String> args, String message) {
        assertThatThrownBy(() -> KitOptions.parse(args.toArray(String[]::new)))
                .isInstanceOf(KitOptions.UsageException.class).hasMessageContaining(message);
    }

    @Test
    void usageErrorsExitTwoWithTheUsageOnStderrAndNothingOnStdout() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = Main.run(new String[] {"run", "--cli", "x", "--only", "no-such-scenario"}, print(out), print(err));

        assertThat(exit).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--only no-such-scenario matches no scenario")
                .contains("Usage: androperator-conformance run --cli");
    }

    @Test
    void listPrintsTheScenarioTableWithoutRunningAnything() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int exit = Main.run(new String[] {"--list", "--only", "video-*"}, print(out), print(new ByteArrayOutputStream()));

        assertThat(exit).isZero();
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines.get(0)).isEqualTo("| # | scenario | surface | checks | spec sentence |");
        assertThat(lines).hasSize(2 + 7).allSatisfy(line -> assertThat(line).startsWith("|"));
        assertThat(lines.get(2)).contains("`video-start-status-stop`", "cli video", "(needs ffmpeg 6.1+)");
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
