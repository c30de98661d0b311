package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.adapters.fs.FileBundleWriter;
import com.androperator.evidence.adapters.fs.FileSystemOps;
import com.androperator.evidence.adapters.fs.PrivateFiles;
import com.androperator.evidence.adapters.fs.StorageFailures;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import tools.jackson.core.JacksonException;

/**
 * A video bundle directory: the still bundle's {@link FileBundleWriter} (0600 files, partial then
 * rename, atomic manifest, a terminal bundle never modified) plus what video needs, read back with
 * the shared contract mapper.
 */
public final class FileVideoBundle implements VideoBundleFiles {
    private static final String MANIFEST = BundleFileNames.MANIFEST;

    private final Path directory;
    private final FileBundleWriter writer;

    public FileVideoBundle(Path directory) {
        this(directory, FileSystemOps.SYSTEM);
    }

    /** {@code ops} is the still writer's file-system seam (tests inject failures there). */
    public FileVideoBundle(Path directory, FileSystemOps ops) {
        this.directory = directory;
        this.writer = new FileBundleWriter(directory, ops);
    }

    @Override
    public Path directory() {
        return directory;
    }

    @Override
    public ManifestRead readManifest() {
        Path file = directory.resolve(MANIFEST);
        try {
            return new ManifestRead.Found(ContractJson.read(Files.readAllBytes(file), Manifest.class));
        } catch (NoSuchFileException e) {
            return new ManifestRead.Absent();
        } catch (IOException e) {
            return new ManifestRead.Unreadable(StorageFailures.failed("read", file, e));
        } catch (JacksonException | IllegalArgumentException e) {
            return new ManifestRead.Unreadable(StorageFailures.failed("read", file, CauseCodes.EBADMSG,
                    "not a schema-version-1 manifest (" + e.getMessage() + ")"));
        }
    }

    @Override
    public StoreResult finalizeManifest(Manifest manifest) {
        return writer.finalizeManifest(manifest);
    }

    @Override
    public StoreResult writeCaptures(CapturesFile captures) {
        return writer.writeCaptures(captures);
    }

    @Override
    public PartialFile createPartial(String partialName) {
        return writer.createPartial(partialName);
    }

    @Override
    public StoreResult describe(String name) {
        Path file = directory.resolve(name);
        try {
            PrivateFiles.FileFacts facts = PrivateFiles.facts(file);
            return new StoreResult.Stored(name, facts.bytes(), facts.sha256());
        } catch (IOException e) {
            return new StoreResult.StoreFailed(StorageFailures.failed("read", file, e));
        }
    }

    @Override
    public StoreResult promote(String partialName, String finalName) {
        return writer.promote(partialName, finalName);
    }

    @Override
    public boolean makePrivate(String name) {
        Path file = directory.resolve(name);
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            PrivateFiles.setMode(file, PrivateFiles.FILE_MODE);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public boolean adoptFromControl(String controlName, String name) {
        Path from = directory.resolve(JsonSessionStore.CONTROL).resolve(controlName);
        Path to = directory.resolve(name);
        try {
            if (!Files.isRegularFile(from, LinkOption.NOFOLLOW_LINKS) || Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            PrivateFiles.forceDirectoryIfSupported(directory);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public boolean remove(String name) {
        try {
            Files.deleteIfExists(directory.resolve(name));
            PrivateFiles.forceDirectoryIfSupported(directory);
            return !Files.exists(directory.resolve(name), LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return false;
        }
    }
}
