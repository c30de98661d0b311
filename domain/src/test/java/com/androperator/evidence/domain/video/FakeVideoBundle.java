package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.VideoBundleFiles;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter.StoreResult;
import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * An in-memory video bundle: files by bundle-relative name, hashed from their bytes like the real
 * one. Tests make a file unreadable (its read fails with an underlying storage error) or make a
 * write or rename fail.
 */
final class FakeVideoBundle implements VideoBundleFiles {
    static final Path DIRECTORY = Path.of("/fake/bundle");

    private final Path directory;
    final Map<String, byte[]> files = new LinkedHashMap<>();
    final Map<String, Failure> unreadable = new HashMap<>();
    final Set<String> failingWrites = new HashSet<>();
    final List<Manifest> published = new ArrayList<>();
    CapturesFile captures;
    /** Sees every manifest as it is published (e.g. to log the order of a worker's steps). */
    Consumer<Manifest> onPublish = manifest -> { };
    /** Publishing a manifest it matches fails with a storage error, and nothing is published. */
    Predicate<Manifest> publishFails = manifest -> false;
    /** When set, writing captures.json fails with this (e.g. one that describes retained partial bytes). */
    Failure capturesFailure;
    /** When set, reading manifest.json fails with this. */
    Failure manifestUnreadable;

    FakeVideoBundle() {
        this(DIRECTORY);
    }

    FakeVideoBundle(Path directory) {
        this.directory = directory;
    }

    /** The error a storage adapter reports for a file it cannot read. */
    static Failure readError(String name) {
        return new Failure(ErrorCodes.STORAGE_FAILED, "Could not read " + DIRECTORY.resolve(name)
                + ": Permission denied (EACCES)", Map.of("path", DIRECTORY.resolve(name).toString(), "causeCode", "EACCES"));
    }

    /** The error a storage adapter reports for a write it could not make. */
    static Failure writeError(String name) {
        return new Failure(ErrorCodes.STORAGE_FAILED, "Could not write " + DIRECTORY.resolve(name)
                + ": No space left on device (ENOSPC)", Map.of("path", DIRECTORY.resolve(name).toString(),
                "causeCode", "ENOSPC"));
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

    @Override
    public StoreResult finalizeManifest(Manifest manifest) {
        if (publishFails.test(manifest)) {
            return new StoreResult.StoreFailed(writeError("manifest.json"));
        }
        published.add(manifest);
        onPublish.accept(manifest);
        return present("manifest.json", ContractJson.toPrettyBytes(manifest));
    }

    @Override
    public StoreResult writeCaptures(CapturesFile captures) {
        if (capturesFailure != null) {
            return new StoreResult.StoreFailed(capturesFailure);
        }
        if (failingWrites.contains("captures.json")) {
            return new StoreResult.StoreFailed(writeError("captures.json"));
        }
        this.captures = captures;
        byte[] bytes = ContractJson.toPrettyBytes(captures);
        files.put("captures.json", bytes);
        return present("captures.json", bytes);
    }

    /** Collects the pieces; the file appears (or fails as {@link #writePartial} would) when it is finished. */
    @Override
    public PartialFile createPartial(String partialName) {
        java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
        return new PartialFile() {
            private StoreResult result;

            @Override
            public boolean write(byte[] bytes, int offset, int length) {
                content.write(bytes, offset, length);
                return true;
            }

            @Override
            public StoreResult finish() {
                if (result == null) {
                    result = writePartial(partialName, content.toByteArray());
                }
                return result;
            }
        };
    }

    @Override
    public StoreResult writePartial(String partialName, byte[] bytes) {
        if (failingWrites.contains(partialName)) {
            return new StoreResult.StoreFailed(writeError(partialName));
        }
        if (files.containsKey(partialName)) {
            return new StoreResult.StoreFailed(writeError(partialName));
        }
        files.put(partialName, bytes.clone());
        return present(partialName, bytes);
    }

    @Override
    public StoreResult describe(String name) {
        if (unreadable.containsKey(name)) {
            return new StoreResult.StoreFailed(unreadable.get(name));
        }
        byte[] bytes = files.get(name);
        if (bytes == null) {
            return new StoreResult.StoreFailed(new Failure(ErrorCodes.STORAGE_FAILED, "Could not read " + DIRECTORY.resolve(name)
                    + ": no such file (ENOENT)", Map.of("causeCode", "ENOENT")));
        }
        return present(name, bytes);
    }

    @Override
    public StoreResult promote(String partialName, String finalName) {
        if (failingWrites.contains(finalName) || files.containsKey(finalName) || !files.containsKey(partialName)) {
            return new StoreResult.StoreFailed(writeError(finalName));
        }
        byte[] bytes = files.remove(partialName);
        files.put(finalName, bytes);
        return present(finalName, bytes);
    }

    @Override
    public boolean makePrivate(String name) {
        return files.containsKey(name);
    }

    @Override
    public boolean adoptFromControl(String controlName, String name) {
        byte[] bytes = files.remove("control/" + controlName);
        if (bytes == null || files.containsKey(name)) {
            return false;
        }
        files.put(name, bytes);
        return true;
    }

    @Override
    public boolean remove(String name) {
        files.remove(name);
        return true;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static StoreResult present(String name, byte[] bytes) {
        return new StoreResult.Stored(name, bytes.length, sha256(bytes));
    }
}
