package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.model.RetainedFile;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Writes the files of one bundle directory. Every file is created new (never overwritten) with
 * mode 0600 under a {@code .partial.} name, written as its bytes arrive (a capture's bytes piece by
 * piece, JSON as it is serialized: nothing is first built whole in memory), fsynced, and only then
 * renamed. The manifest is what makes a bundle: the directory is fsynced once before its rename,
 * covering every entry made before (the partial files and their renames, captures.json), and once
 * after it, so a manifest on disk implies every file it names is there too
 * (docs/decisions/one-directory-fsync-before-and-after-the-manifest.md). Hashes and byte counts
 * come from the bytes actually written. Once a terminal manifest exists (written by this or any
 * earlier writer) the bundle is never modified.
 *
 * <p>Every I/O failure is returned as {@link StoreResult.StoreFailed} with code STORAGE_FAILED and
 * a causeCode; whatever was already written stays where it is. A {@code .partial.} file that a
 * failed write created (or did not rename) is the failure's {@link StoreResult.StoreFailed#retained}
 * file, described from the bytes actually written. A failed file that holds no
 * byte is removed, and so is a manifest that could not be renamed into place: neither would tell a
 * reader anything true. (A manifest already renamed stays when the directory's fsync after the
 * rename fails; the result still reports the failure.)
 */
public final class FileBundleWriter implements BundleWriter {
    static final String MANIFEST = BundleFileNames.MANIFEST;
    static final String MANIFEST_PARTIAL = BundleFileNames.MANIFEST_PARTIAL;
    static final String CAPTURES = BundleFileNames.CAPTURES;
    static final String CAPTURES_PARTIAL = BundleFileNames.CAPTURES_PARTIAL;
    private static final String PARTIAL_MARK = BundleFileNames.PARTIAL_MARK;
    /** Bytes the JSON serializer's output gathers before each write to the file. */
    private static final int JSON_BUFFER_BYTES = 64 * 1024;
    private static final Set<String> TERMINAL = Set.of(
            BundleStatus.COMPLETE.wire(), BundleStatus.PARTIAL.wire(), BundleStatus.FAILED.wire());

    private final Path directory;
    private final FileSystemOps ops;
    /** What this writer wrote, by current file name, so a promotion reports the written bytes' hash. */
    private final Map<String, StoreResult.Stored> written = new HashMap<>();
    /** Whether entries were made in the directory since its last fsync. */
    private boolean entriesNotSynced;
    /** The terminal status seen or written; null while the bundle may still change. */
    private @Nullable String terminalStatus;

    /** A writer for an existing bundle directory (reserved by {@link FileBundleStore}, or reopened). */
    public FileBundleWriter(Path directory) {
        this(directory, FileSystemOps.SYSTEM);
    }

    public FileBundleWriter(Path directory, FileSystemOps ops) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.ops = Objects.requireNonNull(ops, "ops");
    }

    @Override
    public Path directory() {
        return directory;
    }

    @Override
    public synchronized PartialFile createPartial(String partialName) {
        if (!isPlainFileName(partialName) || !partialName.contains(PARTIAL_MARK)) {
            return new Refused(invalidName(partialName, "a partial file is a plain file name containing \".partial.\""));
        }
        StoreResult refusal = refuseIfTerminal(new Entries(directory));
        if (refusal != null) {
            return new Refused(refusal);
        }
        return new FilePartial(this, partialName);
    }

    @Override
    public synchronized StoreResult promote(String partialName, String finalName) {
        if (!isPlainFileName(partialName) || !partialName.contains(PARTIAL_MARK)) {
            return invalidName(partialName, "a partial file is a plain file name containing \".partial.\"");
        }
        if (!isPlainFileName(finalName) || finalName.contains(PARTIAL_MARK)) {
            return invalidName(finalName, "a final file is a plain file name without \".partial.\"");
        }
        Entries entries = new Entries(directory);
        StoreResult refusal = refuseIfTerminal(entries);
        if (refusal != null) {
            return refusal;
        }
        Path source = directory.resolve(partialName);
        Path target = directory.resolve(finalName);
        // One writer owns a bundle, so checking before the rename suffices; rename(2) itself
        // would silently replace an existing target.
        if (entries.has(target)) {
            return failed("promote " + partialName + " to", target, CauseCodes.EEXIST,
                    "the final file already exists and is never overwritten");
        }
        StoreResult.Stored content;
        try {
            content = written.containsKey(partialName)
                    ? written.get(partialName)
                    : hashExistingFile(partialName, source);
            ops.moveAtomically(source, target);
            written.remove(partialName);
        } catch (IOException e) {
            return failed("promote " + partialName + " to", target, e);
        }
        StoreResult.Stored promoted = new StoreResult.Stored(finalName, content.bytes(), content.sha256());
        written.put(finalName, promoted);
        entriesNotSynced = true;
        return promoted;
    }

    @Override
    public synchronized StoreResult writeCaptures(CapturesFile captures) {
        Objects.requireNonNull(captures, "captures");
        Entries entries = new Entries(directory);
        StoreResult refusal = refuseIfTerminal(entries);
        if (refusal != null) {
            return refusal;
        }
        return replaceAtomically(CAPTURES_PARTIAL, CAPTURES, captures, false, entries);
    }

    @Override
    public synchronized StoreResult finalizeManifest(Manifest manifest) {
        Objects.requireNonNull(manifest, "manifest");
        Entries entries = new Entries(directory);
        StoreResult refusal = refuseIfTerminal(entries);
        if (refusal != null) {
            return refusal;
        }
        // A manifest that could not be finalized is not left behind at all, not even cut short: its
        // partial name would mislead, and the result reports what the bundle holds instead.
        StoreResult result = replaceAtomically(MANIFEST_PARTIAL, MANIFEST, manifest, true, entries);
        if (result instanceof StoreResult.Stored && manifest.isTerminal()) {
            terminalStatus = manifest.status().wire();
        }
        return result;
    }

    /**
     * Writes {@code value} as indented JSON into {@code temporaryName} new as it is serialized (the
     * document is never built in memory), fsyncs it and renames it over {@code finalName}; for the
     * manifest ({@code manifest}) the directory is fsynced before the rename and after it. When that
     * fails, the bytes written stay as a partial file (described in the failure), except for a
     * manifest's, which are removed. {@code entries} is the directory's listing just before.
     */
    private StoreResult replaceAtomically(String temporaryName, String finalName, Object value, boolean manifest,
                                          Entries entries) {
        boolean keepCutShort = !manifest;
        Path temporary = directory.resolve(temporaryName);
        StoreResult stale = removeStaleTemporary(temporary, entries);
        if (stale != null) {
            return stale;
        }
        StoreResult partial = writeJson(temporaryName, value);
        if (!(partial instanceof StoreResult.Stored stored)) {
            if (manifest) {
                syncEntriesQuietly();
            }
            return keepCutShort ? partial : removed(temporary, partial);
        }
        Path target = directory.resolve(finalName);
        // Every entry the manifest may name is durable before the manifest can be.
        if (manifest && entriesNotSynced) {
            StoreResult before = forceDirectory("rename " + temporaryName + " to", target, "before");
            if (before != null) {
                return removed(temporary, before);
            }
        }
        try {
            ops.moveAtomically(temporary, target);
        } catch (IOException e) {
            StoreResult failure = failed("rename " + temporaryName + " to", target, e);
            // The written temporary stays when wanted; say so, so that it can be listed as a partial file.
            return keepCutShort ? retaining(failure, stored) : removed(temporary, failure);
        }
        written.remove(temporaryName);
        StoreResult.Stored result = new StoreResult.Stored(finalName, stored.bytes(), stored.sha256());
        written.put(finalName, result);
        entriesNotSynced = true;
        if (!manifest) {
            return result;
        }
        StoreResult synced = forceDirectory("rename " + temporaryName + " to", target, "after");
        return synced != null ? synced : result;
    }

    /**
     * Removes a temporary that an interrupted earlier attempt left (it is ours; the final file is
     * untouched); null when there is none left, else the failure. Only when the listing shows one:
     * removing a missing file costs an exception.
     */
    private @Nullable StoreResult removeStaleTemporary(Path temporary, Entries entries) {
        if (!entries.mayHave(temporary)) {
            return null;
        }
        try {
            ops.deleteIfExists(temporary);
            return null;
        } catch (IOException e) {
            return failed("remove the stale", temporary, e);
        }
    }

    /** Writes {@code value} as indented JSON into {@code temporaryName}, new, as it is serialized, and fsyncs it. */
    private StoreResult writeJson(String temporaryName, Object value) {
        FilePartial file = new FilePartial(this, temporaryName);
        try (OutputStream out = new BufferedOutputStream(file.asStream(), JSON_BUFFER_BYTES)) {
            ContractJson.writePretty(out, value);
            out.write('\n');
        } catch (IOException | JacksonException | UncheckedIOException e) {
            file.failWith("write", e);
        }
        return file.finish();
    }

    /** A manifest that could not be written: the entries made before it are still made durable, as far as they can be. */
    private void syncEntriesQuietly() {
        if (entriesNotSynced) {
            try {
                ops.forceDirectory(directory);
                entriesNotSynced = false;
            } catch (IOException e) {
                // The manifest's own failure is what the result reports.
            }
        }
    }

    /** {@code failure}, after removing {@code temporary}; a file that cannot be removed is named in it. */
    StoreResult removed(Path temporary, StoreResult failure) {
        written.remove(temporary.getFileName().toString());
        StoreResult.StoreFailed failed = (StoreResult.StoreFailed) failure;
        Map<String, Object> details = new LinkedHashMap<>(failed.failure().details().asMap());
        try {
            ops.deleteIfExists(temporary);
        } catch (IOException e) {
            details.put("leftBehind", temporary.toString());
            details.put("leftBehindCause", IoCauses.describe(e));
        }
        return new StoreResult.StoreFailed(failed.failure().reworded(failed.failure().code(), failed.failure().message(),
                Details.fromJson(details)));
    }

    FileSystemOps ops() {
        return ops;
    }

    /** What a {@link FilePartial} finished writing, so a promotion reports the written bytes' hash. */
    void recordWritten(String name, StoreResult.Stored stored) {
        written.put(name, stored);
    }

    /** A file was created in the directory: its entry is made durable with the next manifest's. */
    void entryMade() {
        entriesNotSynced = true;
    }

    /** A partial file that was refused before anything was created. */
    private record Refused(StoreResult failure) implements PartialFile {
        @Override
        public boolean write(byte[] bytes, int offset, int length) {
            return false;
        }

        @Override
        public StoreResult finish() {
            return failure;
        }
    }

    /**
     * {@code failure} with the file it left behind under a partial name, so the caller can list that file.
     */
    static StoreResult retaining(StoreResult failure, StoreResult.Stored left) {
        if (!(failure instanceof StoreResult.StoreFailed failed) || !left.path().contains(PARTIAL_MARK)) {
            return failure;
        }
        return new StoreResult.StoreFailed(failed.failure(), new RetainedFile(left.path(), left.bytes(), left.sha256()));
    }

    /**
     * A file another writer made (the video encoder's clip, an earlier writer's file): fsynced here,
     * since its maker may not have, so that the manifest that will name it finds its bytes durable.
     */
    private StoreResult.Stored hashExistingFile(String name, Path file) throws IOException {
        PrivateFiles.FileFacts facts = PrivateFiles.facts(file);
        ops.forceFile(file);
        return new StoreResult.Stored(name, facts.bytes(), facts.sha256());
    }

    /** Null when the directory entry is durable; otherwise the failure (the file itself was written). */
    private @Nullable StoreResult forceDirectory(String operation, Path file, String when) {
        try {
            ops.forceDirectory(directory);
            entriesNotSynced = false;
            return null;
        } catch (IOException e) {
            return failed(operation + " (fsync of the bundle directory " + when + ")", file, e);
        }
    }

    /**
     * A terminal bundle is never modified, whether this writer or an earlier one finalized it;
     * {@code entries} is the directory's listing for the operation asking.
     */
    private @Nullable StoreResult refuseIfTerminal(Entries entries) {
        if (terminalStatus != null) {
            return terminalRefusal(terminalStatus);
        }
        Path manifest = directory.resolve(MANIFEST);
        if (!entries.has(manifest)) {
            return null;
        }
        String status;
        try {
            JsonNode statusNode = ContractJson.mapper().readTree(Files.readAllBytes(manifest)).path("status");
            status = statusNode.isString() ? statusNode.stringValue() : null;
        } catch (IOException e) {
            return failed("read the existing", manifest, e);
        } catch (JacksonException e) {
            // Unreadable means its status cannot be proven non-terminal: leave the bundle alone.
            return failed("read the existing", manifest, CauseCodes.EBADMSG, "the manifest is not readable JSON");
        }
        if (status == null || TERMINAL.contains(status)) {
            terminalStatus = String.valueOf(status);
            return terminalRefusal(terminalStatus);
        }
        return null;
    }

    private StoreResult terminalRefusal(String status) {
        Path manifest = directory.resolve(MANIFEST);
        return failed("modify the bundle of", manifest, CauseCodes.ETERMINAL,
                "the bundle is terminal (status " + status + ") and is never modified; capture into a new directory");
    }

    private StoreResult invalidName(String name, String rule) {
        return failed("write", directory.resolve(String.valueOf(name).replace('/', '_')), CauseCodes.EINVAL,
                "invalid bundle file name \"" + name + "\": " + rule);
    }

    StoreResult failed(String operation, Path path, IOException cause) {
        return failed(operation, path, IoCauses.causeCode(cause), IoCauses.describe(cause));
    }

    static StoreResult failed(String operation, Path path, String causeCode, String cause) {
        return new StoreResult.StoreFailed(StorageFailures.failed(operation, path, causeCode, cause));
    }

    static boolean isPlainFileName(String name) {
        return name != null && !name.isEmpty() && !name.equals(".") && !name.equals("..")
                && name.indexOf('/') < 0 && name.indexOf('\\') < 0 && name.indexOf('\0') < 0;
    }

    /**
     * The bundle directory's entries, listed once, when first asked, for the checks of one
     * operation (whether the manifest exists, the promotion's target, a stale temporary), links
     * not followed. Asked of the directory's listing rather than with lstat: a missing file, the
     * usual answer here, costs an lstat two exceptions filled with the caller's whole stack, about
     * 40 microseconds each in a capture against under 10 for the listing of a bundle's few
     * entries, and one listing serves every check of the operation (issue 26). A directory that
     * cannot be listed, and an entry that differs only in case (the same file to a
     * case-insensitive file system), are asked with lstat.
     */
    private static final class Entries {
        private final Path directory;
        private boolean listed;
        private String @Nullable [] names;

        /** The entries of {@code directory}, listed when first asked (a refusal may need none). */
        Entries(Path directory) {
            this.directory = directory;
        }

        /** Whether there is an entry for {@code path} (a file of the directory), a link not followed. */
        boolean has(Path path) {
            return switch (match(path)) {
                case EXACT -> true;
                case NONE -> false;
                case CASE_ONLY, UNLISTED -> lstatFinds(path);
            };
        }

        /** False only when the listing shows that nothing can be there: no entry of that name in any case. */
        boolean mayHave(Path path) {
            return match(path) != Match.NONE;
        }

        private Match match(Path path) {
            if (!listed) {
                names = directory.toFile().list();
                listed = true;
            }
            String[] entries = names;
            if (entries == null) {
                return Match.UNLISTED;
            }
            String name = path.getFileName().toString();
            Match found = Match.NONE;
            for (String entry : entries) {
                if (entry.equals(name)) {
                    return Match.EXACT;
                }
                if (entry.equalsIgnoreCase(name)) {
                    found = Match.CASE_ONLY;
                }
            }
            return found;
        }

        private enum Match { EXACT, CASE_ONLY, NONE, UNLISTED }
    }

    private static boolean lstatFinds(Path path) {
        try {
            Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
