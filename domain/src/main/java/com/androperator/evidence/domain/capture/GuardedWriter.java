package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The reserved bundle's writer, with an adapter's unexpected exception turned into a STORAGE_FAILED
 * result: one broken write must not lose the evidence already captured or the writes after it.
 */
final class GuardedWriter {
    private final BundleWriter writer;

    GuardedWriter(BundleWriter writer) {
        this.writer = writer;
    }

    Path directory() {
        return writer.directory();
    }

    StoreResult writePartial(String partialName, byte[] bytes) {
        return guarded(partialName, () -> writer.writePartial(partialName, bytes));
    }

    StoreResult promote(String partialName, String finalName) {
        return guarded(finalName, () -> writer.promote(partialName, finalName));
    }

    StoreResult writeCaptures(CapturesFile captures) {
        return guarded(ArtifactFiles.CAPTURES, () -> writer.writeCaptures(captures));
    }

    StoreResult finalizeManifest(Manifest manifest) {
        return guarded(ArtifactFiles.MANIFEST, () -> writer.finalizeManifest(manifest));
    }

    private static StoreResult guarded(String file, Supplier<StoreResult> write) {
        try {
            StoreResult result = write.get();
            if (result == null) {
                return failed(file, "the bundle writer returned no result");
            }
            return result;
        } catch (RuntimeException e) {
            return failed(file, "the bundle writer failed: " + AdapterFault.describe(e));
        }
    }

    private static StoreResult failed(String file, String message) {
        return new StoreResult.StoreFailed(new Failure(ErrorCodes.STORAGE_FAILED, message, Map.of("file", file)));
    }
}
