package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.video.VideoStartCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A Java caller's refusals name each request field as the Java API does (the {@link CaptureOptions}
 * and {@code VideoStartCommand} builder names), carry the field itself in the failure, and never
 * spell a command-line option. Every case is refused before any device or directory is touched.
 */
class RequestFieldTermsTest {
    @TempDir
    Path temp;

    static Stream<Arguments> stillCaptureRefusals() {
        return Stream.of(
                Arguments.of(RequestField.OUTPUT_DIR, options().outputDir("relative/bundle"), "outputDir must be absolute"),
                Arguments.of(RequestField.DEVICE, options().deviceSerial("bad serial"), "deviceSerial may contain only"),
                Arguments.of(RequestField.OPERATOR_PACKAGE, options().operatorPackage("nope"),
                        "operatorPackage must be a package identifier"),
                Arguments.of(RequestField.LABEL, options().label("x".repeat(2049)), "label is 2049 UTF-16 code units"),
                Arguments.of(RequestField.CONTEXT, options().context(Map.of("big", "x".repeat(17_000))),
                        "context is 17010 bytes as compact UTF-8 JSON"),
                Arguments.of(RequestField.TIMEOUT, options().timeoutMs(5L), "timeoutMs must be an integer from 1000"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stillCaptureRefusals")
    void aStillCaptureRefusalCarriesTheFieldAndNamesItAsTheJavaApiDoes(RequestField field, CaptureOptions.Builder given,
                                                                      String start) {
        Path bundle = temp.resolve("bundle");
        if (given.build().outputDir() == null) {
            given.outputDir(bundle);
        }

        CaptureOutcome outcome = EvidenceCapture.captureEvidence(given.build(), dependencies());

        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        CaptureOutcome.Refused refused = (CaptureOutcome.Refused) outcome;
        assertThat(refused.failure().field()).isEqualTo(field);
        assertThat(refused.failure().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        CommandResult result = outcome.toResult();
        assertThat(result.message()).startsWith(start).doesNotContain("--");
        assertThat(result.details().asMap()).containsEntry("option", JavaTerms.INSTANCE.field(field));
        assertThat(bundle).doesNotExist();
    }

    static Stream<Arguments> videoStartRefusals() {
        return Stream.of(
                Arguments.of(start().deviceSerial(null), "deviceSerial",
                        "Video start requires an explicit deviceSerial"),
                Arguments.of(start().durationSeconds(0), "durationSeconds", "durationSeconds must be an integer from 1"),
                Arguments.of(start().size("wide"), "size", "size must look like WIDTHxHEIGHT"),
                Arguments.of(start().operatorPackage(""), "operatorPackage", "operatorPackage is empty"),
                Arguments.of(start().context(java.util.List.of(1)), "context", "context must be a JSON object, not an array"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("videoStartRefusals")
    void aVideoStartRefusalNamesTheFieldAsTheJavaApiDoes(VideoStartCommand.Builder given, String option, String start)
            throws Exception {
        Path bundle = temp.resolve("video");
        EvidenceVideo video = new EvidenceVideo(VideoDependencies.defaults()
                .withEnvironment(Map.of("PATH", "/usr/bin:/bin", "HOME", temp.toString()))
                .withBaseDir(Files.createDirectories(temp.resolve("root"))).withLockDirectory(temp.resolve("locks")));

        CommandResult result = video.start(given.outputDir(bundle.toString()).build()).result();

        assertThat(result.code()).as("%s", result).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.message()).startsWith(start).doesNotContain("--");
        assertThat(result.details().asMap()).containsEntry("option", option);
        assertThat(bundle).doesNotExist();
    }

    @Test
    void everyRequestFieldHasItsOwnJavaName() {
        Set<String> names = new java.util.HashSet<>();
        for (RequestField field : EnumSet.allOf(RequestField.class)) {
            assertThat(JavaTerms.INSTANCE.field(field)).doesNotStartWith("-");
            names.add(JavaTerms.INSTANCE.field(field));
        }
        assertThat(names).hasSize(RequestField.values().length);
        assertThat(JavaTerms.INSTANCE.doctorCommand("emulator-5554")).isEqualTo("androperator doctor --device emulator-5554");
        assertThat(JavaTerms.INSTANCE.doctorCommand(null)).isEqualTo("androperator doctor --device <device_serial>");
    }

    private CaptureDependencies dependencies() {
        return CaptureDependencies.builder().environment(Map.of("HOME", temp.toString()))
                .workingDirectory(temp).build();
    }

    private static CaptureOptions.Builder options() {
        return CaptureOptions.builder().deviceSerial("emulator-5554").operatorPackage("com.androperator.operator.dev");
    }

    private static VideoStartCommand.Builder start() {
        return VideoStartCommand.builder().deviceSerial("emulator-5554").durationSeconds(5);
    }
}
