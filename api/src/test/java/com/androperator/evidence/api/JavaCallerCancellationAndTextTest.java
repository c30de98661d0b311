package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a Java caller gets from the public API, against the simulated phone through the real adb
 * server: a {@link Cancellation} passed in {@link CaptureDependencies} stops a capture from
 * another thread, and caller text with an unpaired surrogate is refused (label, context, serial,
 * package), which argv cannot even carry for the CLI.
 */
class JavaCallerCancellationAndTextTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;

    private static CaptureOptions.Builder options(Path bundle) {
        return CaptureOptions.builder().outputDir(bundle).deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR);
    }

    private static CaptureDependencies.Builder dependencies() {
        return CaptureDependencies.builder().environment(lab.environment());
    }

    @Test
    void aCallerCancelsACaptureFromAnotherThreadAndGetsAFinalizedBundle() throws Exception {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.stallAfterBytes(200_000)).build());
        int stalls = lab.simulator().stallCount();
        Path bundle = temp.resolve("bundle");
        Cancellation cancellation = new Cancellation();
        CompletableFuture<Void> caller = CompletableFuture.runAsync(() -> {
            try {
                assertThat(lab.simulator().awaitStall(s -> s.startsWith("screencap"), stalls, Duration.ofSeconds(60)))
                        .isNotNull();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            cancellation.cancel("test harness stop button");
        });

        CaptureOutcome outcome = EvidenceCapture.captureEvidence(options(bundle).timeoutMs(60_000L).build(),
                dependencies().cancellation(cancellation).build());
        caller.join();

        CommandResult result = outcome.toResult();
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.status()).isEqualTo("failed");
        Conformance.assertConforms(bundle);
        CaptureRecord screenshot = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")),
                CapturesFile.class).stillRecords().get(0);
        assertThat(screenshot.errorCode()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(screenshot.diagnostics()).containsEntry("cancelledBy", "test harness stop button")
                .containsEntry("phase", "transfer");
    }

    @Test
    void anAlreadyCancelledCaptureIsRefusedAndCreatesNothing() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("shutdown");
        int services = lab.simulator().receivedServices().size();
        Path bundle = temp.resolve("bundle");

        CaptureOutcome outcome = EvidenceCapture.captureEvidence(options(bundle).build(),
                dependencies().cancellation(cancellation).build());

        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(bundle).doesNotExist();
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    static Stream<Arguments> unpairedCallerText() {
        String limit = "x".repeat(2047);
        return Stream.of(
                Arguments.of("label: a high surrogate alone", options(null).label("\uD800"), "label"),
                Arguments.of("label: a low surrogate alone", options(null).label("\uDC00"), "label"),
                Arguments.of("label: a reversed pair", options(null).label("\uDE00\uD83D"), "label"),
                Arguments.of("label: at the end, at the 2048-unit limit", options(null).label(limit + "\uD83D"), "label"),
                Arguments.of("context: inside a key", options(null).context(Map.of("k\uDC00", "v")), "context"),
                Arguments.of("context: nested deep", options(null).context(Map.of("a", Map.of("b", Map.of("c",
                        java.util.List.of(1, Map.of("d", "x\uD800")))))), "context"),
                Arguments.of("device serial", options(null).deviceSerial("emulator-5554\uD800"), "deviceSerial"),
                Arguments.of("operator package", options(null).operatorPackage("com.androperator\uDC00.dev"),
                        "operatorPackage"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unpairedCallerText")
    void callerTextWithAnUnpairedSurrogateIsRefusedNamingTheField(String name, CaptureOptions.Builder given,
                                                                  String option) throws IOException {
        Path bundle = temp.resolve("bundle");
        int services = lab.simulator().receivedServices().size();

        CaptureOutcome outcome = EvidenceCapture.captureEvidence(given.outputDir(bundle).build(), dependencies().build());

        CommandResult result = outcome.toResult();
        assertThat(result.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result.message()).startsWith(option + " holds an unpaired UTF-16 surrogate");
        assertThat(result.details().asMap()).containsEntry("option", option);
        // The refusal itself is strict UTF-8 JSON: it never quotes the surrogate back.
        byte[] json = ContractJson.toBytes(result);
        assertThat(new String(json, StandardCharsets.UTF_8)).doesNotContainPattern("(?<!\\\\)\\\\u[dD][89abAB]");
        assertThat(bundle).doesNotExist();
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    @Test
    void aCompleteSurrogatePairIsAcceptedAndWrittenAsUtf8() throws IOException {
        Path bundle = temp.resolve("bundle");
        String emoji = "\uD83D\uDE00";

        CaptureOutcome outcome = EvidenceCapture.captureEvidence(options(bundle).label("x".repeat(2046) + emoji)
                .context(Map.of(emoji, emoji)).build(), dependencies().build());

        assertThat(outcome.succeeded()).isTrue();
        Conformance.assertConforms(bundle);
        byte[] manifest = Files.readAllBytes(bundle.resolve("manifest.json"));
        assertThat(new String(manifest, StandardCharsets.US_ASCII)).doesNotContain("\\uD83D");
        // U+1F600 as its four UTF-8 bytes, three times (label, context key, context value), never escaped.
        assertThat(new String(manifest, StandardCharsets.ISO_8859_1).split("\u00F0\u009F\u0098\u0080", -1)).hasSize(4);
        Manifest read = ContractJson.read(manifest, Manifest.class);
        assertThat(read.label()).endsWith(emoji).hasSize(2048);
        assertThat(read.status()).isEqualTo(BundleStatus.COMPLETE);
    }
}
