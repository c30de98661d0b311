package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.model.ExistingEntry;
import com.androperator.evidence.domain.model.Failure;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Bundles as directories on the local file system. A bundle directory is created with one
 * mkdir(2), so of any number of racing callers exactly one gets it and the rest see
 * EVIDENCE_OUTPUT_EXISTS; nothing that already exists is ever touched.
 */
public final class FileBundleStore implements BundleStore {
    private final FileSystemOps ops;

    public FileBundleStore() {
        this(FileSystemOps.SYSTEM);
    }

    /** {@code ops} is handed to every writer this store creates (tests inject failures there). */
    public FileBundleStore(FileSystemOps ops) {
        this.ops = Objects.requireNonNull(ops, "ops");
    }

    @Override
    public Availability check(Path directory) {
        Reservation.Refused refusal = refusal(directory);
        return refusal == null ? new Availability.Available()
                : new Availability.Unavailable(refusal.failure(), refusal.existing());
    }

    @Override
    public Reservation reserve(Path directory) {
        Reservation.Refused refusal = refusal(directory);
        if (refusal != null) {
            return refusal;
        }
        try {
            ops.createPrivateDirectory(directory);
        } catch (FileAlreadyExistsException e) {
            return outputExists(directory, attributesWithoutFollowingLinks(directory));
        } catch (NoSuchFileException e) {
            // The parent vanished between the check and mkdir.
            return new Reservation.Refused(parentUnusable(directory, "does not exist"));
        } catch (IOException e) {
            return new Reservation.Refused(unwritable(directory, e));
        }
        return new Reservation.Reserved(new FileBundleWriter(directory, ops));
    }

    /** Why {@code directory} cannot become a new bundle, or null when it can. */
    private static Reservation.Refused refusal(Path directory) {
        if (directory == null || !directory.isAbsolute()) {
            return new Reservation.Refused(new Failure(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                    "The bundle directory must be an absolute path: " + directory, Details.fromJson(detailsOf(directory))));
        }
        BasicFileAttributes existing = attributesWithoutFollowingLinks(directory);
        if (existing != null) {
            return outputExists(directory, existing);
        }
        Path parent = directory.getParent();
        if (parent == null) {
            return new Reservation.Refused(new Failure(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                    "A file system root cannot be a bundle directory: " + directory, Details.fromJson(detailsOf(directory))));
        }
        try {
            if (!Files.readAttributes(parent, BasicFileAttributes.class).isDirectory()) {
                return new Reservation.Refused(parentUnusable(directory, "is not a directory"));
            }
        } catch (IOException e) {
            return new Reservation.Refused(parentUnusable(directory, "does not exist or cannot be read ("
                    + IoCauses.describe(e) + ")"));
        }
        return null;
    }

    /**
     * What is at {@code path} itself, or null when nothing is. A dangling symlink exists too: it
     * would make mkdir fail, and it is not ours to remove.
     */
    private static BasicFileAttributes attributesWithoutFollowingLinks(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
    }

    /** {@code existing} (what is there, null when it vanished again) is named in the message and in details.existing. */
    private static Reservation.Refused outputExists(Path directory, BasicFileAttributes existing) {
        ExistingEntry what = existing == null ? null
                : existing.isDirectory() ? ExistingEntry.DIRECTORY
                : existing.isRegularFile() ? ExistingEntry.FILE
                : existing.isSymbolicLink()
                        ? (Files.exists(directory) ? ExistingEntry.SYMBOLIC_LINK : ExistingEntry.DANGLING_SYMBOLIC_LINK)
                : ExistingEntry.SPECIAL_FILE;
        Map<String, Object> details = detailsOf(directory);
        if (what != null) {
            details.put("existing", what.wire());
        }
        return new Reservation.Refused(new Failure(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, directory + " already exists"
                + (what == null ? "" : " as a " + what.wire()) + "; a new attempt requires a new directory", Details.fromJson(details)),
                what);
    }

    private static Failure parentUnusable(Path directory, String problem) {
        Map<String, Object> details = detailsOf(directory);
        details.put("parent", String.valueOf(directory.getParent()));
        return new Failure(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                "The parent directory of " + directory + " " + problem + "; the parent must exist", Details.fromJson(details));
    }

    private static Failure unwritable(Path directory, IOException cause) {
        return StorageFailures.unwritableWorded("Cannot create the bundle directory " + directory + ": "
                + IoCauses.describe(cause), directory, IoCauses.causeCode(cause), IoCauses.describe(cause),
                "Choose an output directory whose parent is writable, or make " + directory.getParent()
                        + " writable; no permissions are changed automatically.");
    }

    private static Map<String, Object> detailsOf(Path directory) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("path", String.valueOf(directory));
        return details;
    }
}
