package com.androperator.evidence.domain.port.prune;

import com.androperator.evidence.contracts.BundleStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The managed bundles directory as prune sees it: what lies in it, one level deep and never
 * through a symbolic link, and the removal of one bundle directory, whole or reported.
 */
public interface BundleShelf {

    /** The entries directly in {@code bundlesRoot}, by name; none when it does not exist. */
    Listing list(Path bundlesRoot);

    /**
     * Removes {@code bundle} and everything in it, checking first that all of it can be removed;
     * with {@code dryRun} only checks. Never follows a symbolic link, inside or out.
     */
    Removal remove(Path bundle, boolean dryRun);

    sealed interface Listing {
        record Entries(List<Entry> entries) implements Listing {
            public Entries {
                entries = List.copyOf(entries);
            }
        }

        /** The bundles directory itself could not be read. */
        record Unlisted(String reason) implements Listing {
        }
    }

    /** One entry of the bundles directory. */
    sealed interface Entry {
        Path path();

        /**
         * A bundle directory with a readable manifest. {@code active}: its video session is starting,
         * recording, finalizing or needs recovery (or its session state cannot be read).
         */
        record Bundle(Path path, String evidenceId, BundleStatus status, Instant startedAt, boolean active)
                implements Entry {
            public Bundle {
                Objects.requireNonNull(path, "path");
                Objects.requireNonNull(status, "status");
                Objects.requireNonNull(startedAt, "startedAt");
            }
        }

        /** Not judged, and left alone: a symbolic link, or a directory without a manifest (yet). */
        record Skipped(Path path, String reason) implements Entry {
        }

        /** A directory that could not be read: whether it should go is unknown. */
        record Unreadable(Path path, String reason) implements Entry {
        }
    }

    sealed interface Removal {
        /** Removed (or, in a dry run, removable) whole: {@code bytes} of regular files. */
        record Removed(long bytes) implements Removal {
        }

        /** Nothing was removed: a part of it cannot be read or removed. */
        record Refused(String reason) implements Removal {
        }

        /** Removal failed partway: what is left is still there, named by the reason. */
        record Partly(int removedEntries, int totalEntries, String reason) implements Removal {
        }
    }
}
