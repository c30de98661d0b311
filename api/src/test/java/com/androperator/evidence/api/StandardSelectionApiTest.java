package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java API takes the standard selections from its dependencies' environment, as the CLI and the
 * MCP server do from theirs: two simulated phones behind the real adb server.
 */
class StandardSelectionApiTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static DeviceSimulator second;
    private static String secondSerial;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() {
        second = lab.attach(SampleProfiles.pixel());
        secondSerial = second.serial();
    }

    private CaptureOutcome capture(CaptureOptions options, Map<String, String> variables) {
        Map<String, String> environment = lab.environment();
        environment.putAll(variables);
        return EvidenceCapture.captureEvidence(options,
                CaptureDependencies.builder().environment(environment).bundlesRoot(temp).build());
    }

    @Test
    void androidSerialAndTheOperatorPackageVariableFillOptionsLeftOut() throws IOException {
        CaptureOutcome outcome = capture(CaptureOptions.builder().build(), Map.of("ANDROID_SERIAL", secondSerial,
                "ANDROPERATOR_OPERATOR_PACKAGE", AdbLab.OPERATOR));

        assertThat(outcome.succeeded()).as(outcome.toResult().toString()).isTrue();
        Manifest manifest = manifest(outcome);
        assertThat(manifest.device().serial()).isEqualTo(secondSerial);
        assertThat(manifest.device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);
    }

    @Test
    void explicitOptionsWinAndWithoutAnyChoiceSeveralDevicesAreRefused() throws IOException {
        CaptureOutcome explicit = capture(CaptureOptions.builder().deviceSerial(lab.serial())
                .operatorPackage(AdbLab.OPERATOR).build(), Map.of("ANDROID_SERIAL", secondSerial,
                "ANDROPERATOR_OPERATOR_PACKAGE", "com.example.not.installed"));
        assertThat(explicit.succeeded()).as(explicit.toResult().toString()).isTrue();
        assertThat(manifest(explicit).device().serial()).isEqualTo(lab.serial());

        CaptureOutcome none = capture(CaptureOptions.builder().build(), Map.of());
        assertThat(none.toResult().code()).isEqualTo(ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
        try (var entries = Files.list(temp)) {
            // Refused before anything is created: only the first capture's bundle is there.
            assertThat(entries.toList()).containsExactly(Path.of(explicit.toResult().manifestPath()).getParent());
        }
    }

    @Test
    void withoutAPackageTheDefaultIsRecorded() throws IOException {
        CaptureOutcome outcome = capture(CaptureOptions.builder().deviceSerial(lab.serial()).build(), Map.of());

        // The sample phone has only the .dev Operator: the default is used as it is, never switched.
        Manifest manifest = manifest(outcome);
        assertThat(manifest.device().operatorPackage()).isEqualTo("com.androperator.operator");
        assertThat(lab.simulator().receivedServices()).noneMatch(s -> s.contains("am broadcast")
                && s.contains("-p 'com.androperator.operator'"));
    }

    private static Manifest manifest(CaptureOutcome outcome) throws IOException {
        Path bundle = Path.of(outcome.toResult().manifestPath()).getParent();
        Conformance.assertConforms(bundle);
        return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
    }
}
