package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.Checked;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A managed root is proven writable (a probe file made and removed) once, not before every capture:
 * later preparations only check that it is still a directory, and a root that is gone is made and
 * proven again.
 */
class ManagedBundleRootTest {
    @TempDir
    Path temporary;

    private final List<Path> proofs = new ArrayList<>();
    private ManagedBundleRoot managed;
    private Path root;

    @BeforeEach
    void locate() {
        managed = ManagedBundleRoot.underEvidenceRoot(Map.of(EvidenceRoots.VARIABLE, temporary.resolve("evidence").toString()),
                temporary, temporary, evidenceRoot -> {
                    proofs.add(evidenceRoot);
                    return EvidenceRoots.prepareBundlesRoot(evidenceRoot);
                }, new ManagedBundleRoot.LastProof());
        root = managed.locate().valueOrNull();
    }

    @Test
    void aProvenRootIsPreparedAgainWithoutANewProof() {
        assertThat(managed.prepare(root)).isEqualTo(Checked.accepted(root));
        assertThat(managed.prepare(root)).isEqualTo(Checked.accepted(root));
        assertThat(managed.prepare(root)).isEqualTo(Checked.accepted(root));

        assertThat(proofs).containsExactly(temporary.resolve("evidence"));
    }

    @Test
    void aRootThatIsGoneIsMadeAndProvenAgain() throws IOException {
        managed.prepare(root);
        Files.delete(root);

        assertThat(managed.prepare(root)).isEqualTo(Checked.accepted(root));

        assertThat(Files.isDirectory(root)).isTrue();
        assertThat(proofs).hasSize(2);
    }

    @Test
    void provingAgainAlwaysProvesAndARefusalForgetsTheProof() throws IOException {
        managed.prepare(root);
        assertThat(managed.proveAgain(root)).isEqualTo(Checked.accepted(root));
        assertThat(proofs).hasSize(2);

        Files.delete(root);
        Files.writeString(root, "a file");
        assertThat(managed.proveAgain(root)).isInstanceOf(Checked.Rejected.class);
        Files.delete(root);

        assertThat(managed.prepare(root)).isEqualTo(Checked.accepted(root));
        assertThat(proofs).hasSize(4);
    }

    @Test
    void theProofOutlivesTheObjectThatMadeIt() {
        ManagedBundleRoot.LastProof proof = new ManagedBundleRoot.LastProof();
        Map<String, String> environment = Map.of(EvidenceRoots.VARIABLE, temporary.resolve("shared").toString());
        ManagedBundleRoot first = ManagedBundleRoot.underEvidenceRoot(environment, temporary, temporary, this::counted, proof);
        Path shared = first.locate().valueOrNull();
        first.prepare(shared);

        ManagedBundleRoot second = ManagedBundleRoot.underEvidenceRoot(environment, temporary, temporary, this::counted, proof);
        assertThat(second.prepare(shared)).isEqualTo(Checked.accepted(shared));

        assertThat(proofs).containsExactly(temporary.resolve("shared"));
    }

    @Test
    void onlyTheLastRootProvenIsRemembered() {
        ManagedBundleRoot.LastProof proof = new ManagedBundleRoot.LastProof();
        ManagedBundleRoot one = ManagedBundleRoot.underEvidenceRoot(
                Map.of(EvidenceRoots.VARIABLE, temporary.resolve("one").toString()), temporary, temporary, this::counted, proof);
        ManagedBundleRoot two = ManagedBundleRoot.underEvidenceRoot(
                Map.of(EvidenceRoots.VARIABLE, temporary.resolve("two").toString()), temporary, temporary, this::counted, proof);
        Path oneRoot = one.locate().valueOrNull();
        Path twoRoot = two.locate().valueOrNull();

        one.prepare(oneRoot);
        two.prepare(twoRoot);
        two.prepare(twoRoot);
        assertThat(one.prepare(oneRoot)).isEqualTo(Checked.accepted(oneRoot));

        assertThat(proofs).containsExactly(temporary.resolve("one"), temporary.resolve("two"), temporary.resolve("one"));
    }

    private EvidenceRoots.Preparation counted(Path evidenceRoot) {
        proofs.add(evidenceRoot);
        return EvidenceRoots.prepareBundlesRoot(evidenceRoot);
    }

    @Test
    void aChosenRootIsNeverProven() {
        ManagedBundleRoot chosen = ManagedBundleRoot.chosen(temporary.resolve("chosen"), temporary);
        Path chosenRoot = chosen.locate().valueOrNull();

        assertThat(chosen.prepare(chosenRoot)).isEqualTo(Checked.accepted(chosenRoot));
        assertThat(chosen.proveAgain(chosenRoot)).isEqualTo(Checked.accepted(chosenRoot));
        assertThat(Files.exists(temporary.resolve("chosen"))).isFalse();
    }
}
