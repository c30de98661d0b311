package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** What every partial capture through the CLI shows: exit 1, a partial result and a conforming partial manifest. */
final class PartialCaptures {
    private PartialCaptures() {
    }

    /** Asserts the run was a partial capture into {@code bundle} and returns the bundle's manifest. */
    static Manifest partialManifest(CliProcess.Run run, Path bundle) throws IOException {
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
        assertThat(result.status()).isEqualTo("partial");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        Conformance.assertConforms(bundle);
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        return manifest;
    }

    /** The manifest's one artifact of this kind. */
    static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(artifact -> artifact.kind() == kind).findFirst().orElseThrow();
    }
}
