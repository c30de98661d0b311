package com.androperator.evidence.domain.capture;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.BundleWriter.PartialFile;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RetainedFile;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

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

    /**
     * A partial file that is created only when its first bytes arrive, so that a transfer that
     * delivers nothing leaves no empty file behind.
     */
    StreamedPartial streamedPartial(String partialName) {
        return new StreamedPartial(partialName);
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

    private static StoreResult.StoreFailed failed(String file, String message) {
        return new StoreResult.StoreFailed(new Failure(ErrorCodes.STORAGE_FAILED, message, Details.builder().text(DetailKey.FILE, file).build()));
    }

    /** One partial file written piece by piece; a writer that throws ends it with a failure. */
    final class StreamedPartial {
        private final String name;
        private @Nullable PartialFile file;
        private StoreResult.@Nullable StoreFailed broken;

        private StreamedPartial(String name) {
            this.name = name;
        }

        /** Whether any byte was handed to the file (it then exists, or existed, in the bundle). */
        boolean started() {
            return file != null || broken != null;
        }

        /** False once storage failed: nothing more can be kept. */
        boolean write(byte[] bytes, int offset, int length) {
            if (broken != null) {
                return false;
            }
            if (length == 0) {
                return true;
            }
            try {
                if (file == null) {
                    file = writer.createPartial(name);
                    if (file == null) {
                        broken = failed(name, "the bundle writer returned no partial file");
                        return false;
                    }
                }
                return file.write(bytes, offset, length);
            } catch (RuntimeException e) {
                broken = failed(name, "the bundle writer failed: " + AdapterFault.describe(e));
                return false;
            }
        }

        /** fsyncs and closes; empty when nothing was ever written. */
        StoreResult finish() {
            if (file == null) {
                return broken != null ? broken : failed(name, "no bytes were written to " + name);
            }
            StoreResult result;
            try {
                result = file.finish();
            } catch (RuntimeException e) {
                return failed(name, "the bundle writer failed: " + AdapterFault.describe(e));
            }
            if (result == null) {
                return failed(name, "the bundle writer returned no result");
            }
            if (broken != null && result instanceof StoreResult.Stored kept) {
                // A writer that threw mid-file: its failure stands, and the bytes it did keep are listed.
                return new StoreResult.StoreFailed(broken.failure().reworded(ErrorCodes.STORAGE_FAILED,
                        broken.failure().message(), broken.failure().details()), new RetainedFile(kept.path(), kept.bytes(), kept.sha256()));
            }
            return result;
        }
    }
}
