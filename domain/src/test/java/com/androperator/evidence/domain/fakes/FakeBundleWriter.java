package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.Failure;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One in-memory bundle with the real writer's rules: partial names contain ".partial.", promote
 * needs the partial file and a free final name, JSON files are serialized with the shared contract
 * mapper, and nothing may be written after the manifest is final. Breaking a rule is a bug in the
 * caller and throws.
 */
public final class FakeBundleWriter implements BundleWriter {
    private final Path directory;
    private final Set<String> failingFiles;
    private final Set<String> throwingFiles;
    private final Map<String, Integer> cutShortFiles;
    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private final List<String> operations = new ArrayList<>();
    private final Set<String> opened = new java.util.HashSet<>();
    private CapturesFile captures;
    private Manifest manifest;

    FakeBundleWriter(Path directory, Set<String> failingFiles, Set<String> throwingFiles,
                     Map<String, Integer> cutShortFiles) {
        this.directory = directory;
        this.failingFiles = Set.copyOf(failingFiles);
        this.throwingFiles = Set.copyOf(throwingFiles);
        this.cutShortFiles = Map.copyOf(cutShortFiles);
    }

    @Override
    public Path directory() {
        return directory;
    }

    /** Collects the pieces; the file appears (or fails as scripted) when it is finished. */
    @Override
    public PartialFile createPartial(String partialName) {
        requireOpen();
        if (!partialName.contains(".partial.")) {
            throw new IllegalArgumentException("not a partial name: " + partialName);
        }
        if (files.containsKey(partialName) || !opened.add(partialName)) {
            throw new IllegalStateException(partialName + " was already written");
        }
        java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
        return new PartialFile() {
            private StoreResult result;

            @Override
            public boolean write(byte[] bytes, int offset, int length) {
                if (result != null) {
                    throw new IllegalStateException(partialName + " is finished");
                }
                content.write(bytes, offset, length);
                return true;
            }

            @Override
            public StoreResult finish() {
                if (result == null) {
                    result = store("writePartial " + partialName, partialName, content.toByteArray());
                }
                return result;
            }
        };
    }

    @Override
    public StoreResult promote(String partialName, String finalName) {
        requireOpen();
        if (!files.containsKey(partialName) || files.containsKey(finalName)) {
            throw new IllegalStateException("cannot promote " + partialName + " to " + finalName);
        }
        operations.add("promote " + partialName + " -> " + finalName);
        if (throwingFiles.contains(finalName)) {
            throw new IllegalStateException("simulated writer bug renaming " + partialName);
        }
        if (failingFiles.contains(finalName)) {
            return failed(finalName);
        }
        byte[] bytes = files.remove(partialName);
        files.put(finalName, bytes);
        return stored(finalName, bytes);
    }

    @Override
    public StoreResult writeCaptures(CapturesFile captures) {
        requireOpen();
        StoreResult result = store("writeCaptures", "captures.json", ContractJson.toPrettyBytes(captures));
        if (result instanceof StoreResult.Stored) {
            this.captures = captures;
        }
        return result;
    }

    @Override
    public StoreResult finalizeManifest(Manifest manifest) {
        requireOpen();
        StoreResult result = store("finalizeManifest", "manifest.json", ContractJson.toPrettyBytes(manifest));
        if (result instanceof StoreResult.Stored) {
            this.manifest = manifest;
        }
        return result;
    }

    /** The files now in the bundle, by name. */
    public Map<String, byte[]> files() {
        return Map.copyOf(files);
    }

    /** Every write attempted, in order, e.g. "writePartial screenshot.partial.png". */
    public List<String> operations() {
        return List.copyOf(operations);
    }

    /** The captures.json content, if it was stored. */
    public CapturesFile captures() {
        return captures;
    }

    /** The finalized manifest, if it was stored. */
    public Manifest manifest() {
        return manifest;
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private StoreResult store(String operation, String name, byte[] bytes) {
        operations.add(operation);
        if (throwingFiles.contains(name)) {
            throw new IllegalStateException("simulated writer bug writing " + name);
        }
        if (failingFiles.contains(name)) {
            return failed(name);
        }
        if (cutShortFiles.containsKey(name)) {
            String left = name.contains(".partial.") ? name : name.replaceFirst("\\.([^.]+)$", ".partial.$1");
            byte[] prefix = java.util.Arrays.copyOf(bytes, Math.min(bytes.length, cutShortFiles.get(name)));
            files.put(left, prefix);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("file", name);
            details.put(RETAINED_PATH, left);
            details.put(RETAINED_BYTES, (long) prefix.length);
            details.put(RETAINED_SHA256, sha256(prefix));
            return new StoreResult.StoreFailed(new Failure(ErrorCodes.STORAGE_FAILED,
                    "no space left on device after " + prefix.length + " bytes of " + directory.resolve(left), details));
        }
        files.put(name, bytes);
        return stored(name, bytes);
    }

    private static StoreResult stored(String name, byte[] bytes) {
        return new StoreResult.Stored(name, bytes.length, sha256(bytes));
    }

    private StoreResult failed(String name) {
        return new StoreResult.StoreFailed(new Failure(ErrorCodes.STORAGE_FAILED,
                "no space left on device writing " + directory.resolve(name), Map.of("file", name)));
    }

    private void requireOpen() {
        if (manifest != null) {
            throw new IllegalStateException("a terminal bundle is not modified");
        }
    }
}
