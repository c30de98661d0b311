package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.StorageCause;
import com.androperator.evidence.domain.model.RetainedFile;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One in-memory bundle with the real writer's rules, proven by {@code BundleWriterContract}: partial
 * names contain ".partial.", a file is created only once, promote needs the partial file and a
 * free final name, JSON files are serialized with the shared contract mapper, and once a terminal
 * manifest is stored nothing more is written. A broken rule is refused as the file adapter refuses
 * it (STORAGE_FAILED with causeCode EINVAL, EEXIST, ENOENT or ETERMINAL), and every attempt is kept
 * in {@link #operations()}. Scripted failures are STORAGE_FAILED with causeCode ENOSPC; a scripted
 * full disk refuses the piece that meets it ({@code write} returns false, as the adapter's does).
 */
public final class FakeBundleWriter implements BundleWriter {
    private final Path directory;
    private final Set<String> failingFiles;
    private final Set<String> throwingFiles;
    private final Map<String, Integer> cutShortFiles;
    private final Map<String, byte[]> files;
    private final List<String> operations = new ArrayList<>();
    /** Partial files created and not yet finished: they exist, so they cannot be created again. */
    private final Set<String> open = new HashSet<>();
    private CapturesFile captures;
    private Manifest manifest;

    /** The collections are the writer's own from here on: files it holds, and the scripted failures it reads. */
    private FakeBundleWriter(Path directory, Map<String, byte[]> files, Set<String> failingFiles,
                             Set<String> throwingFiles, Map<String, Integer> cutShortFiles) {
        this.directory = directory;
        this.files = files;
        this.failingFiles = failingFiles;
        this.throwingFiles = throwingFiles;
        this.cutShortFiles = cutShortFiles;
    }

    /** A writer with the failures scripted now (later changes to the given collections do not reach it). */
    static FakeBundleWriter scripted(Path directory, Set<String> failingFiles, Set<String> throwingFiles,
                                     Map<String, Integer> cutShortFiles) {
        return new FakeBundleWriter(directory, new LinkedHashMap<>(), Set.copyOf(failingFiles), Set.copyOf(throwingFiles),
                Map.copyOf(cutShortFiles));
    }

    /**
     * A writer over {@code files}, which the caller reads and changes as the bundle's directory (a
     * video bundle's fake keeps the files a subprocess writes there); {@code failingFiles} and
     * {@code fillsAfter} (file name to the bytes after which the disk is full) are read at each write.
     */
    public static FakeBundleWriter over(Path directory, Map<String, byte[]> files, Set<String> failingFiles,
                                        Map<String, Integer> fillsAfter) {
        return new FakeBundleWriter(directory, files, failingFiles, Set.of(), fillsAfter);
    }

    @Override
    public Path directory() {
        return directory;
    }

    /** Collects the pieces as they fit; the file appears, or fails as scripted, when it is finished. */
    @Override
    public synchronized PartialFile createPartial(String partialName) {
        StoreResult refusal = terminalRefusal();
        if (refusal == null && (!isPlainFileName(partialName) || !partialName.contains(".partial."))) {
            refusal = refused(String.valueOf(partialName), "EINVAL", "a partial file is a plain file name containing \".partial.\"");
        }
        if (refusal == null && (files.containsKey(partialName) || open.contains(partialName))) {
            refusal = refused(partialName, "EEXIST", "the file already exists");
        }
        if (refusal != null) {
            operations.add("writePartial " + partialName);
            StoreResult refused = refusal;
            return new PartialFile() {
                @Override
                public boolean write(byte[] bytes, int offset, int length) {
                    return false;
                }

                @Override
                public StoreResult finish() {
                    return refused;
                }
            };
        }
        open.add(partialName);
        // A scripted full disk: as many bytes as fit reach the file, and the write that meets the end returns false.
        int room = failingFiles.contains(partialName) ? 0 : cutShortFiles.getOrDefault(partialName, Integer.MAX_VALUE);
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        return new PartialFile() {
            private boolean full;
            private StoreResult result;

            /** False once the disk is full, as the file adapter's write: later writes are ignored. */
            @Override
            public boolean write(byte[] bytes, int offset, int length) {
                if (result != null || full) {
                    return false;
                }
                int fits = Math.min(length, room - content.size());
                content.write(bytes, offset, fits);
                full = fits < length;
                return !full;
            }

            @Override
            public StoreResult finish() {
                synchronized (FakeBundleWriter.this) {
                    if (result == null) {
                        open.remove(partialName);
                        operations.add("writePartial " + partialName);
                        if (throwingFiles.contains(partialName)) {
                            throw new IllegalStateException("simulated writer bug writing " + partialName);
                        }
                        result = full ? cutShort(partialName, partialName, content.toByteArray(), true)
                                : kept(partialName, content.toByteArray());
                    }
                    return result;
                }
            }
        };
    }

    @Override
    public synchronized StoreResult promote(String partialName, String finalName) {
        operations.add("promote " + partialName + " -> " + finalName);
        StoreResult refusal = terminalRefusal();
        if (refusal != null) {
            return refusal;
        }
        if (!isPlainFileName(partialName) || !partialName.contains(".partial.")) {
            return refused(String.valueOf(partialName), "EINVAL", "a partial file is a plain file name containing \".partial.\"");
        }
        if (!isPlainFileName(finalName) || finalName.contains(".partial.")) {
            return refused(String.valueOf(finalName), "EINVAL", "a final file is a plain file name without \".partial.\"");
        }
        if (files.containsKey(finalName)) {
            return refused(finalName, "EEXIST", "the final file already exists and is never overwritten");
        }
        if (!files.containsKey(partialName)) {
            return refused(partialName, "ENOENT", "No such file or directory");
        }
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
    public synchronized StoreResult writeCaptures(CapturesFile captures) {
        StoreResult refusal = terminalRefusal();
        if (refusal != null) {
            operations.add("writeCaptures");
            return refusal;
        }
        StoreResult result = store("writeCaptures", "captures.json", ContractJson.toPrettyBytes(captures), true);
        if (result instanceof StoreResult.Stored) {
            this.captures = captures;
        }
        return result;
    }

    /** A manifest cut short is not left behind (as in the real writer); a terminal one ends the bundle's writes. */
    @Override
    public synchronized StoreResult finalizeManifest(Manifest manifest) {
        StoreResult refusal = terminalRefusal();
        if (refusal != null) {
            operations.add("finalizeManifest");
            return refusal;
        }
        StoreResult result = store("finalizeManifest", "manifest.json", ContractJson.toPrettyBytes(manifest), false);
        if (result instanceof StoreResult.Stored) {
            this.manifest = manifest;
        }
        return result;
    }

    /** The files now in the bundle, by name. */
    public synchronized Map<String, byte[]> files() {
        return Map.copyOf(files);
    }

    /** Every write attempted, in order, e.g. "writePartial screenshot.partial.png". */
    public synchronized List<String> operations() {
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

    /**
     * Stores a whole file (captures.json, manifest.json); a scripted full disk cuts it when it does
     * not fit. {@code keepCutShort}: a file cut short stays under its partial name (not the manifest).
     */
    private StoreResult store(String operation, String name, byte[] bytes, boolean keepCutShort) {
        operations.add(operation);
        if (throwingFiles.contains(name)) {
            throw new IllegalStateException("simulated writer bug writing " + name);
        }
        if (failingFiles.contains(name)) {
            return failed(name);
        }
        if (cutShortFiles.containsKey(name) && bytes.length > cutShortFiles.get(name)) {
            String left = name.contains(".partial.") ? name : name.replaceFirst("\\.([^.]+)$", ".partial.$1");
            return cutShort(name, left, Arrays.copyOf(bytes, cutShortFiles.get(name)), keepCutShort);
        }
        return kept(name, bytes);
    }

    /** ENOSPC after {@code prefix}, the bytes that fitted; {@code left} is the file they stay in. */
    private StoreResult cutShort(String name, String left, byte[] prefix, boolean keepCutShort) {
        Map<String, Object> details = details(left, "ENOSPC", "No space left on device");
        details.put("file", name);
        RetainedFile retained = null;
        if (keepCutShort && prefix.length > 0) {
            // An empty partial proves nothing and would mislead: only one that holds bytes stays.
            files.put(left, prefix);
            retained = new RetainedFile(left, prefix.length, sha256(prefix));
        }
        return new StoreResult.StoreFailed(Failure.ofStorage(ErrorCodes.STORAGE_FAILED, noSpace(left), Details.fromJson(details),
                cause(left, "ENOSPC", "No space left on device")), retained);
    }

    private StoreResult kept(String name, byte[] bytes) {
        files.put(name, bytes);
        return stored(name, bytes);
    }

    private static StoreResult stored(String name, byte[] bytes) {
        return new StoreResult.Stored(name, bytes.length, sha256(bytes));
    }

    private StoreResult failed(String name) {
        Map<String, Object> details = details(name, "ENOSPC", "No space left on device");
        details.put("file", name);
        return new StoreResult.StoreFailed(Failure.ofStorage(ErrorCodes.STORAGE_FAILED, noSpace(name), Details.fromJson(details),
                cause(name, "ENOSPC", "No space left on device")));
    }

    /** The file adapter's words for a full disk. */
    private String noSpace(String name) {
        return "Could not write " + directory.resolve(name) + ": No space left on device (ENOSPC)";
    }

    private StoreResult refused(String name, String causeCode, String cause) {
        return new StoreResult.StoreFailed(Failure.ofStorage(ErrorCodes.STORAGE_FAILED,
                "Could not write " + directory.resolve(name.replace('/', '_')) + ": " + cause + " (" + causeCode + ")",
                Details.fromJson(details(name, causeCode, cause)), cause(name, causeCode, cause)));
    }

    private StorageCause cause(String name, String causeCode, String cause) {
        return new StorageCause(directory.resolve(name.replace('/', '_')).toString(), causeCode, cause);
    }

    private Map<String, Object> details(String name, String causeCode, String cause) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", directory.resolve(name.replace('/', '_')).toString());
        details.put("causeCode", causeCode);
        details.put("cause", cause);
        return details;
    }

    /** The refusal of any write once a terminal manifest is stored; null before. */
    private StoreResult terminalRefusal() {
        return manifest != null && manifest.isTerminal()
                ? refused("manifest.json", "ETERMINAL", "the bundle is terminal (status " + manifest.status().wire()
                        + ") and is never modified; capture into a new directory")
                : null;
    }

    private static boolean isPlainFileName(String name) {
        return name != null && !name.isEmpty() && !name.equals(".") && !name.equals("..")
                && name.indexOf('/') < 0 && name.indexOf('\\') < 0 && name.indexOf('\0') < 0;
    }
}
