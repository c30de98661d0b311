package com.androperator.evidence.domain.video;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.fakes.FakeBundleWriter;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import com.androperator.evidence.domain.model.RetainedFile;
import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * An in-memory video bundle: files by bundle-relative name, hashed from their bytes like the real
 * one, written through the still writer's fake as the file adapter writes through the still writer
 * (proven by {@code VideoBundleFilesContract}). Tests make a file unreadable (its read fails with an
 * underlying storage error), make a write or rename fail, or fill the disk.
 */
class FakeVideoBundle implements VideoBundleFiles {
    static final Path DIRECTORY = Path.of("/fake/bundle");

    private final Path directory;
    final Map<String, byte[]> files = new LinkedHashMap<>();
    final Map<String, Failure> unreadable = new HashMap<>();
    /** Writes of these names (a partial file, a final name, captures.json, manifest.json) fail with ENOSPC. */
    final Set<String> failingWrites = new HashSet<>();
    /** File name to the bytes after which its writes meet a full disk (see {@link #fillingAfter}). */
    private final Map<String, Integer> fillsAfter = new HashMap<>();
    /** The still bundle's rules, over {@link #files}, as the file adapter's video bundle uses the still writer. */
    private final FakeBundleWriter writer;
    final List<Manifest> published = new ArrayList<>();
    CapturesFile captures;
    /** Sees every manifest as it is published (e.g. to log the order of a worker's steps). */
    Consumer<Manifest> onPublish = manifest -> { };
    /** Publishing a manifest it matches fails with a storage error, and nothing is published. */
    Predicate<Manifest> publishFails = manifest -> false;
    /** When set, writing captures.json fails with this (e.g. one that describes retained partial bytes). */
    Failure capturesFailure;
    RetainedFile capturesRetained;
    /** When set, reading manifest.json fails with this. */
    Failure manifestUnreadable;

    FakeVideoBundle() {
        this(DIRECTORY);
    }

    FakeVideoBundle(Path directory) {
        this.directory = directory;
        this.writer = FakeBundleWriter.over(directory, files, failingWrites, fillsAfter);
    }

    /** Writes of {@code name} meet a full disk (ENOSPC) after {@code bytes} bytes, as in the still writer's fake. */
    FakeVideoBundle fillingAfter(String name, int bytes) {
        fillsAfter.put(name, bytes);
        return this;
    }

    /** The error a storage adapter reports for a file it cannot read. */
    static Failure readError(String name) {
        return Failure.ofStorage(ErrorCodes.STORAGE_FAILED, "Could not read " + DIRECTORY.resolve(name)
                + ": Permission denied (EACCES)", Details.NONE, new StorageCause(DIRECTORY.resolve(name).toString(), "EACCES", null));
    }

    /** The error a storage adapter reports for a write it could not make. */
    static Failure writeError(String name) {
        return Failure.ofStorage(ErrorCodes.STORAGE_FAILED, "Could not write " + DIRECTORY.resolve(name)
                + ": No space left on device (ENOSPC)", Details.NONE, new StorageCause(DIRECTORY.resolve(name).toString(),
                "ENOSPC", null));
    }

    void put(String name, byte[] bytes) {
        files.put(name, bytes.clone());
    }

    @Override
    public Path directory() {
        return directory;
    }

    @Override
    public ManifestRead readManifest() {
        if (manifestUnreadable != null) {
            return new ManifestRead.Unreadable(manifestUnreadable);
        }
        return published.isEmpty() ? new ManifestRead.Absent() : new ManifestRead.Found(published.get(published.size() - 1));
    }

    /** Published through the still writer (manifest.json in {@link #files}); it refuses writes once the manifest is terminal. */
    @Override
    public StoreResult finalizeManifest(Manifest manifest) {
        if (publishFails.test(manifest)) {
            return new StoreResult.StoreFailed(writeError("manifest.json"));
        }
        StoreResult result = writer.finalizeManifest(manifest);
        if (result instanceof StoreResult.Stored) {
            published.add(manifest);
            onPublish.accept(manifest);
        }
        return result;
    }

    @Override
    public StoreResult writeCaptures(CapturesFile captures) {
        if (capturesFailure != null) {
            return new StoreResult.StoreFailed(capturesFailure, capturesRetained);
        }
        StoreResult result = writer.writeCaptures(captures);
        if (result instanceof StoreResult.Stored) {
            this.captures = captures;
        }
        return result;
    }

    @Override
    public PartialFile createPartial(String partialName) {
        return writer.createPartial(partialName);
    }

    @Override
    public StoreResult describe(String name) {
        if (unreadable.containsKey(name)) {
            return new StoreResult.StoreFailed(unreadable.get(name));
        }
        byte[] bytes = files.get(name);
        if (bytes == null) {
            return new StoreResult.StoreFailed(Failure.ofStorage(ErrorCodes.STORAGE_FAILED, "Could not read "
                    + DIRECTORY.resolve(name) + ": no such file (ENOENT)", Details.NONE, new StorageCause(null, "ENOENT", null)));
        }
        return present(name, bytes);
    }

    @Override
    public StoreResult promote(String partialName, String finalName) {
        return writer.promote(partialName, finalName);
    }

    @Override
    public boolean makePrivate(String name) {
        return files.containsKey(name);
    }

    @Override
    public boolean adoptFromControl(String controlName, String name) {
        // As the adapter: nothing moves when there is nothing to adopt or the name is taken.
        if (!files.containsKey("control/" + controlName) || files.containsKey(name)) {
            return false;
        }
        files.put(name, files.remove("control/" + controlName));
        return true;
    }

    @Override
    public boolean remove(String name) {
        files.remove(name);
        return true;
    }

    static String sha256(byte[] bytes) {
        return FakeBundleWriter.sha256(bytes);
    }

    private static StoreResult present(String name, byte[] bytes) {
        return new StoreResult.Stored(name, bytes.length, sha256(bytes));
    }
}
