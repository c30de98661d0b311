package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.adapters.fs.video.FileVideoBundle;
import com.androperator.evidence.adapters.fs.video.JsonSessionStore;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.contract.VideoBundleFilesContract;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;

/**
 * The video bundle is the still writer plus what video needs: it passes the contract that the
 * domain's video bundle fakes pass (the still writer's cases included); a full disk is scripted.
 */
class FileVideoBundleFilesContractTest extends VideoBundleFilesContract {
    @TempDir
    Path root;

    @Override
    protected VideoBundleFiles newBundle() {
        return video(FileSystemOps.SYSTEM);
    }

    @Override
    protected VideoBundleFiles bundleFillingAfter(String fileName, int bytes) {
        return video(FileBundleWriterContractTest.fillingAfter(fileName, bytes));
    }

    @Override
    protected void putInControl(VideoBundleFiles bundle, String name, byte[] bytes) {
        try {
            Path control = Files.createDirectories(bundle.directory().resolve(JsonSessionStore.CONTROL));
            Files.write(control.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected Optional<byte[]> file(BundleWriter writer, String name) {
        return FileBundleWriterContractTest.read(writer.directory().resolve(name));
    }

    private VideoBundleFiles video(FileSystemOps ops) {
        try {
            return new FileVideoBundle(Files.createDirectory(root.resolve("video")), ops);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
