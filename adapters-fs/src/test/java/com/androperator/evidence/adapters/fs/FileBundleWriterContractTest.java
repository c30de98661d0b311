package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.contract.BundleWriterContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

/** The file adapter against the writer contract that the domain's fake also passes; a full disk is scripted. */
class FileBundleWriterContractTest extends BundleWriterContract {
    @TempDir
    Path root;

    @Override
    protected BundleWriter newWriter() {
        return reserve(FileSystemOps.SYSTEM);
    }

    @Override
    protected BundleWriter writerFillingAfter(String fileName, int bytes) {
        return reserve(fillingAfter(fileName, bytes));
    }

    /**
     * The disk fills after {@code bytes} bytes of {@code fileName}. On disk "captures.json" and
     * "manifest.json" are written as captures.partial.json and manifest.partial.json first, so the
     * name's stem selects the file.
     */
    static FileSystemOps fillingAfter(String fileName, int bytes) {
        return new ScriptedFileSystemOps().diskFullAfter(bytes).onlyFor(fileName.substring(0, fileName.indexOf('.')));
    }

    @Override
    protected Optional<byte[]> file(BundleWriter writer, String name) {
        return read(writer.directory().resolve(name));
    }

    /** The bytes of {@code file} as they are on disk now; empty when there is no such file. */
    static Optional<byte[]> read(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private BundleWriter reserve(FileSystemOps ops) {
        return ((BundleStore.Reservation.Reserved) new FileBundleStore(ops).reserve(root.resolve("bundle"))).writer();
    }
}
