package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.adapters.fs.video.FileVideoBundle;
import com.androperator.evidence.domain.port.BundleWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The video bundle is the still writer plus what video needs: it passes the still writer's contract. */
class FileVideoBundleWriterContractTest extends FileBundleWriterContractTest {

    @Override
    protected BundleWriter newWriter() {
        return video(FileSystemOps.SYSTEM);
    }

    @Override
    protected BundleWriter writerFillingAfter(String fileName, int bytes) {
        return video(new ScriptedFileSystemOps().diskFullAfter(bytes).onlyFor(fileName.substring(0, fileName.indexOf('.'))));
    }

    private BundleWriter video(FileSystemOps ops) {
        try {
            return new FileVideoBundle(Files.createDirectory(root.resolve("video")), ops);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
