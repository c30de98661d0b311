package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.domain.port.ManagedBundles;
import com.androperator.evidence.domain.port.contract.ManagedBundlesContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/** The managed root under an evidence root on the real file system keeps the port's contract. */
class ManagedBundleRootContractTest extends ManagedBundlesContract {
    @TempDir
    Path temporary;

    @Override
    protected ManagedBundles usable() {
        return ManagedBundleRoot.underEvidenceRoot(Map.of(EvidenceRoots.VARIABLE, temporary.resolve("evidence").toString()),
                temporary, temporary);
    }

    /** {@code bundles} is a regular file: no directory can be made there, by root either. */
    @Override
    protected ManagedBundles unusable() {
        try {
            Files.writeString(Files.createDirectories(temporary.resolve("blocked")).resolve("bundles"), "a file");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return ManagedBundleRoot.underEvidenceRoot(Map.of(EvidenceRoots.VARIABLE, temporary.resolve("blocked").toString()),
                temporary, temporary);
    }

    @Override
    protected void stopTakingFiles(ManagedBundles bundles, Path root) throws IOException {
        Files.delete(root);
        Files.writeString(root, "a file where the bundles directory was");
    }
}
