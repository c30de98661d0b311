package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code androperator} as a process: every request field the domain refuses is named as this
 * command line spells the option ({@code --device}, {@code --duration-seconds}, ...), in the message
 * and as {@code details.option}, with exit status 1 and nothing created. Each case is refused before
 * any device is asked, so no phone is attached.
 */
class RequestFieldsCliTest {
    private static final String DEVICE = "emulator-5554";
    private static final String OPERATOR = "com.androperator.operator.dev";

    @TempDir
    Path temp;

    static Stream<Arguments> refusals() {
        return Stream.of(
                capture("--output-dir", "--output-dir must be absolute", "--output-dir", "relative/bundle"),
                capture("--device", "--device may contain only letters", "--device", "bad serial"),
                capture("--operator-package", "--operator-package must be a package identifier",
                        "--operator-package", "nope"),
                capture("--label", "--label is 2049 UTF-16 code units long", "--label", "x".repeat(2049)),
                capture("--context-json", "--context-json must be a JSON object, not an array",
                        "--context-json", "[1]"),
                capture("--context-json", "--context-json is 17010 bytes as compact UTF-8 JSON",
                        "--context-json", "{\"big\":\"" + "x".repeat(17_000) + "\"}"),
                capture("--timeout", "--timeout must be an integer from 1000", "--timeout", "5"),
                video("--duration-seconds", "--duration-seconds must be an integer from 1", "--duration-seconds", "0"),
                video("--size", "--size must look like WIDTHxHEIGHT", "--duration-seconds", "5", "--size", "wide"),
                video("--operator-package", "--operator-package is empty", "--duration-seconds", "5",
                        "--operator-package", ""));
    }

    private static Arguments capture(String option, String start, String... given) {
        List<String> args = new ArrayList<>(List.of("evidence", "capture"));
        if (!List.of(given).contains("--device")) {
            args.addAll(List.of("--device", DEVICE));
        }
        if (!List.of(given).contains("--operator-package")) {
            args.addAll(List.of("--operator-package", OPERATOR));
        }
        args.addAll(List.of(given));
        return Arguments.of(option, start, args);
    }

    private static Arguments video(String option, String start, String... given) {
        List<String> args = new ArrayList<>(List.of("evidence", "video", "start", "--device", DEVICE));
        args.addAll(List.of(given));
        return Arguments.of(option, start, args);
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("refusals")
    void eachRefusedFieldIsNamedAsTheCommandLineSpellsIt(String option, String start, List<String> given)
            throws IOException {
        Path root = Files.createDirectory(temp.resolve("home"));
        Path bundle = temp.resolve("bundle");
        List<String> args = new ArrayList<>(given);
        if (!args.contains("--output-dir")) {
            args.addAll(List.of("--output-dir", bundle.toString()));
        }
        CliProcess cli = new CliProcess(Map.of("PATH", "/usr/bin:/bin", "HOME", root.toString(), "LC_ALL", "C.UTF-8",
                "ANDROPERATOR_EVIDENCE_DIR", root.resolve("evidence").toString()), root);

        CliProcess.Run run = cli.run(args.toArray(String[]::new));

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        CommandResult result = ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
        assertThat(result.code()).as("%s", run).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.message()).as("%s", run).startsWith(start);
        assertThat(result.details().asMap()).containsEntry("option", option);
        assertThat(bundle).doesNotExist();
        assertThat(root.resolve("evidence")).doesNotExist();
    }
}
