package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --context-json} holding an unpaired UTF-16 surrogate as a JSON escape (the only way a
 * command line can carry one: the JVM decodes argv bytes with replacement) is refused with
 * EXECUTION_VALIDATION_FAILED naming the option and the path, for still capture and video start,
 * nothing created; a complete pair is accepted and written as UTF-8.
 */
class CallerTextCliTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    private CliProcess cli;

    @BeforeEach
    void resetPhone() throws IOException {
        Map<String, String> environment = lab.environment();
        environment.put("LC_ALL", "C.UTF-8");
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    static Stream<Arguments> unpaired() {
        return Stream.of(
                Arguments.of("a high surrogate alone", "{\"a\":\"\\uD800\"}", "$.a"),
                Arguments.of("a low surrogate alone", "{\"a\":\"\\uDC00\"}", "$.a"),
                Arguments.of("a reversed pair", "{\"a\":\"\\uDE00\\uD83D\"}", "$.a"),
                Arguments.of("at the end of a string", "{\"note\":\"Settings \\uD83D\"}", "$.note"),
                // The JSON reader refuses a key's unpaired surrogate itself, before there is a path.
                Arguments.of("a low surrogate inside a key", "{\"ke\\uDC00y\":1}", null),
                Arguments.of("a high surrogate inside a nested key", "{\"a\":{\"k\\uD800\":1}}", null),
                Arguments.of("nested deep", "{\"a\":{\"b\":{\"c\":[1,{\"d\":[\"ok\",\"x\\uDBFF\"]}]}}}", "$.a.b.c[1].d[1]"));
    }

    @ParameterizedTest(name = "capture: {0}")
    @MethodSource("unpaired")
    void captureRefusesItNamingTheOptionAndPath(String name, String context, String path) {
        Path bundle = temp.resolve("bundle");
        int services = lab.simulator().receivedServices().size();

        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(), "--operator-package",
                AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--context-json", context);

        assertRefused(run, path);
        assertThat(bundle).doesNotExist();
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    @ParameterizedTest(name = "video start: {0}")
    @MethodSource("unpaired")
    void videoStartRefusesItTooBeforeAnythingHappens(String name, String context, String path) {
        Path bundle = temp.resolve("video");
        int services = lab.simulator().receivedServices().size();

        CliProcess.Run run = cli.run("evidence", "video", "start", "--device", lab.serial(), "--output-dir",
                bundle.toString(), "--duration-seconds", "5", "--context-json", context);

        assertRefused(run, path);
        assertThat(bundle).doesNotExist();
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    private static void assertRefused(CliProcess.Run run, String path) {
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        String stdout = strictUtf8(run.stdout().getBytes(StandardCharsets.UTF_8));
        CommandResult result = ContractJson.read(stdout.getBytes(StandardCharsets.UTF_8), CommandResult.class);
        assertThat(result.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.message()).startsWith("--context-json holds an unpaired UTF-16 surrogate");
        assertThat(result.details().asMap()).containsEntry("option", "--context-json");
        if (path == null) {
            assertThat(result.message()).contains("in an object key");
        } else {
            assertThat(result.message()).contains(path);
            assertThat(result.details().asMap()).containsEntry("path", path);
        }
        // The refusal quotes nothing a strict JSON reader would reject: no unpaired surrogate escape.
        assertThat(stdout).doesNotContainPattern("(?<!\\\\)\\\\u[dD][89abAB]");
    }

    @Test
    void aCompletePairIsAcceptedAndWrittenAsUtf8() throws IOException {
        Path bundle = temp.resolve("bundle");
        String emoji = "\uD83D\uDE00";

        CliProcess.Run run = cli.run("evidence", "capture", "--device", lab.serial(), "--operator-package",
                AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--label", "x".repeat(2046) + emoji,
                "--context-json", "{\"escaped\":\"\\uD83D\\uDE00\",\"raw\":\"" + emoji + "\"}");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        Conformance.assertConforms(bundle);
        byte[] bytes = Files.readAllBytes(bundle.resolve("manifest.json"));
        strictUtf8(bytes);
        assertThat(new String(bytes, StandardCharsets.US_ASCII)).doesNotContain("\\uD83D").doesNotContain("\\uDE00");
        Manifest manifest = ContractJson.read(bytes, Manifest.class);
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("escaped", emoji, "raw", emoji));
        assertThat(manifest.label()).hasSize(2048).endsWith(emoji);
        assertThat(List.of(manifest.status().wire())).containsExactly("complete");
    }

    private static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new AssertionError("not strict UTF-8", e);
        }
    }
}
