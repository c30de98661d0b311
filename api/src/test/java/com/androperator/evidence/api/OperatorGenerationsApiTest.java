package com.androperator.evidence.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.GenerationPhones;
import com.androperator.evidence.api.testing.GenerationPhones.Generation;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code captureEvidence} from Java against the simulated phone playing each Operator generation. */
class OperatorGenerationsApiTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;

    private Manifest capture(String operatorPackage) throws IOException {
        Path bundle = temp.resolve("bundle");
        EvidenceCapture.captureEvidence(CaptureOptions.builder().outputDir(bundle).deviceSerial(lab.serial())
                .operatorPackage(operatorPackage).build(), CaptureDependencies.builder().environment(lab.environment())
                .build());
        Conformance.assertConforms(bundle);
        return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
    }

    private static Artifact hierarchy(Manifest manifest) {
        return manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.HIERARCHY).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(Generation.class)
    void eachGenerationGivesACompleteCaptureWithItsHierarchy(Generation generation) throws IOException {
        lab.phone(generation.phone());

        Manifest manifest = capture(generation.operatorPackage);

        assertThat(manifest.status().wire()).isEqualTo("complete");
        assertThat(Files.readString(temp.resolve("bundle/hierarchy.xml"), StandardCharsets.UTF_8))
                .isEqualTo(GenerationPhones.XML);
    }

    @Test
    void theOtherVariantInstalledIsAVariantMismatch() throws IOException {
        lab.phone(GenerationPhones.otherVariantInstalled("com.clawperator.operator.dev"));

        Artifact hierarchy = hierarchy(capture("com.clawperator.operator.dev"));

        GenerationPhones.assertVariantMismatch(hierarchy.error(), "com.clawperator.operator.dev");
    }

    @Test
    void theUntaggedMarkerAloneIsVersionIncompatible() throws IOException {
        lab.phone(GenerationPhones.untaggedMarkerOnly(AdbLab.OPERATOR));

        Artifact hierarchy = hierarchy(capture(AdbLab.OPERATOR));

        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.VERSION_INCOMPATIBLE);
    }
}
