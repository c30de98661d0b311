package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.port.ManagedBundles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ManagedBundles} does, the domain's fake and the file adapter alike: a usable
 * root is located as an absolute path and prepared as that same path, as often as asked; an
 * unusable one is EVIDENCE_STORAGE_UNWRITABLE whether prepared or proven again; and a root that
 * stops taking files after it was proven is refused by {@link ManagedBundles#proveAgain}, whatever
 * {@link ManagedBundles#prepare} then answers from its earlier proof.
 */
public abstract class ManagedBundlesContract {

    /** A root that can be created and written. */
    protected abstract ManagedBundles usable();

    /** A root that is located but can never be prepared. */
    protected abstract ManagedBundles unusable();

    /** Makes the root of {@code bundles}, proven before, stop taking new files. */
    protected abstract void stopTakingFiles(ManagedBundles bundles, Path root) throws Exception;

    @Test
    void aUsableRootIsLocatedAbsoluteAndPreparedAsItselfAsOftenAsAsked() {
        ManagedBundles bundles = usable();
        Path root = located(bundles);

        assertThat(root.isAbsolute()).isTrue();
        assertThat(bundles.prepare(root)).isEqualTo(Checked.accepted(root));
        assertThat(bundles.prepare(root)).isEqualTo(Checked.accepted(root));
        assertThat(bundles.proveAgain(root)).isEqualTo(Checked.accepted(root));
        assertThat(bundles.prepare(root)).isEqualTo(Checked.accepted(root));
    }

    @Test
    void anUnusableRootIsStorageUnwritableWhetherPreparedOrProvenAgain() {
        ManagedBundles bundles = unusable();
        Path root = located(bundles);

        assertThat(rejectedCode(bundles.prepare(root))).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(rejectedCode(bundles.proveAgain(root))).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(rejectedCode(bundles.prepare(root))).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
    }

    @Test
    void aRootThatStopsTakingFilesAfterItsProofIsRefusedWhenProvenAgain() throws Exception {
        ManagedBundles bundles = usable();
        Path root = located(bundles);
        assertThat(bundles.prepare(root)).isEqualTo(Checked.accepted(root));

        stopTakingFiles(bundles, root);

        assertThat(rejectedCode(bundles.proveAgain(root))).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
    }

    private static Path located(ManagedBundles bundles) {
        Checked<Path> located = bundles.locate();
        assertThat(located).isInstanceOf(Checked.Accepted.class);
        Path root = located.valueOrNull();
        assertThat(root).isNotNull();
        return root;
    }

    private static String rejectedCode(Checked<Path> checked) {
        assertThat(checked).isInstanceOf(Checked.Rejected.class);
        return ((Checked.Rejected<Path>) checked).failure().code();
    }
}
