package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.contract.BundleWriterContract;
import java.nio.file.Path;
import java.util.Optional;

/** The domain's in-memory writer keeps the rules the file adapter keeps. */
class FakeBundleWriterContractTest extends BundleWriterContract {
    private static final Path BUNDLE = Path.of("/fake/bundles/one");

    @Override
    protected BundleWriter newWriter() {
        return reserve(new FakeBundleStore());
    }

    @Override
    protected BundleWriter writerFillingAfter(String fileName, int bytes) {
        return reserve(new FakeBundleStore().failingWriteAfter(fileName, bytes));
    }

    @Override
    protected Optional<byte[]> file(BundleWriter writer, String name) {
        return Optional.ofNullable(((FakeBundleWriter) writer).files().get(name));
    }

    private static BundleWriter reserve(FakeBundleStore store) {
        return ((BundleStore.Reservation.Reserved) store.reserve(BUNDLE)).writer();
    }
}
