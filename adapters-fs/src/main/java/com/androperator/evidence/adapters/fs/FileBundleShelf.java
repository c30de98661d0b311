package com.androperator.evidence.adapters.fs;

import com.androperator.evidence.adapters.fs.video.JsonSessionStore;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.port.prune.BundleShelf;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.video.model.RecoveryState;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;

/**
 * The managed bundles directory on disk, for prune. Nothing here follows a symbolic link: entries
 * and files are looked at with NOFOLLOW_LINKS, and a bundle's tree is walked without following, so
 * a link inside it is removed as a link. A bundle is removed only after a walk of all of it has
 * read every directory and found each writable (access(2), which is right for root too), so what
 * cannot be removed is usually refused before anything goes; a failure after that is reported as
 * partial.
 */
public final class FileBundleShelf implements BundleShelf {
    /** A manifest larger than this is not judged (the spec's manifests are a few KiB). */
    static final long MANIFEST_CAP_BYTES = 4L * 1024 * 1024;
    private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;

    private final JsonSessionStore sessions = new JsonSessionStore();

    @Override
    public Listing list(Path bundlesRoot) {
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(bundlesRoot)) {
            stream.forEach(children::add);
        } catch (NoSuchFileException e) {
            return new Listing.Entries(List.of());
        } catch (IOException e) {
            return new Listing.Unlisted(IoCauses.describe(e));
        }
        children.sort(Comparator.comparing(child -> child.getFileName().toString()));
        return new Listing.Entries(children.stream().map(this::entry).flatMap(Optional::stream).toList());
    }

    /** Hidden names and plain files (probes, pages beside bundles) are not bundles and not named. */
    private Optional<Entry> entry(Path child) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(child, BasicFileAttributes.class, NOFOLLOW);
        } catch (IOException e) {
            return Optional.of(new Entry.Unreadable(child, IoCauses.describe(e)));
        }
        if (attributes.isSymbolicLink()) {
            return Optional.of(new Entry.Skipped(child, "a symbolic link, not followed"));
        }
        if (!attributes.isDirectory() || child.getFileName().toString().startsWith(".")) {
            return Optional.empty();
        }
        return Optional.of(bundle(child));
    }

    private Entry bundle(Path directory) {
        Path file = directory.resolve(BundleFileNames.MANIFEST);
        Manifest manifest;
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, NOFOLLOW);
            if (!attributes.isRegularFile() || attributes.size() > MANIFEST_CAP_BYTES) {
                return new Entry.Skipped(directory, "manifest.json is not a regular file of at most "
                        + MANIFEST_CAP_BYTES + " bytes");
            }
            manifest = ContractJson.read(Files.readAllBytes(file), Manifest.class);
        } catch (NoSuchFileException e) {
            return new Entry.Skipped(directory, "no manifest.json: not a bundle, or one still being written");
        } catch (IOException e) {
            return new Entry.Unreadable(directory, IoCauses.describe(e));
        } catch (JacksonException | IllegalArgumentException e) {
            return new Entry.Skipped(directory, "manifest.json is not a valid manifest");
        }
        try {
            Instant startedAt = Instant.parse(manifest.startedAt());
            boolean active = !manifest.isTerminal() || sessionUnsettled(directory);
            return new Entry.Bundle(directory, manifest.evidenceId(), manifest.status(), startedAt, active);
        } catch (DateTimeException e) {
            return new Entry.Skipped(directory, "manifest.json has no readable startedAt");
        }
    }

    /**
     * A video bundle whose worker has not settled its session (awaiting the worker, worker-owned) or
     * that needs recovery; an unreadable session counts as unsettled, so that doubt keeps a bundle.
     */
    private boolean sessionUnsettled(Path directory) {
        Path file = directory.resolve(BundleFileNames.SESSION);
        if (Files.notExists(file, NOFOLLOW)) {
            return false;
        }
        if (!Files.isRegularFile(file, NOFOLLOW)) {
            return true;
        }
        if (sessions.readSession(directory) instanceof SessionRead.Found found) {
            RecoveryState state = found.session().state().kind();
            return state != RecoveryState.RELEASED && state != RecoveryState.SPAWN_FAILED;
        }
        return true;
    }

    @Override
    public Removal remove(Path bundle, boolean dryRun) {
        Inventory inventory = new Inventory();
        try {
            Files.walkFileTree(bundle, inventory);
        } catch (IOException e) {
            return new Removal.Refused(IoCauses.describe(e));
        }
        Optional<Path> locked = Stream.concat(Stream.of(bundle.getParent()),
                        inventory.directories.stream())
                .filter(directory -> !Files.isWritable(directory) || !Files.isExecutable(directory)).findFirst();
        if (locked.isPresent()) {
            return new Removal.Refused(locked.get() + " is not writable, so its entries cannot be removed");
        }
        if (dryRun) {
            return new Removal.Removed(inventory.bytes);
        }
        return deleted(inventory);
    }

    private static Removal deleted(Inventory inventory) {
        int removed = 0;
        for (Path path : inventory.childrenFirst) {
            try {
                Files.delete(path);
            } catch (IOException e) {
                return removed == 0 ? new Removal.Refused(IoCauses.describe(e))
                        : new Removal.Partly(removed, inventory.childrenFirst.size(), IoCauses.describe(e));
            }
            removed++;
        }
        return new Removal.Removed(inventory.bytes);
    }

    /**
     * Every path of a bundle, children before their directory, and the bytes of its regular files;
     * the walk does not follow links, and a directory it cannot read ends it with that failure.
     */
    private static final class Inventory extends SimpleFileVisitor<Path> {
        private final List<Path> childrenFirst = new ArrayList<>();
        private final List<Path> directories = new ArrayList<>();
        private long bytes;

        @Override
        public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
            directories.add(directory);
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
            childrenFirst.add(file);
            bytes += attributes.isRegularFile() ? attributes.size() : 0;
            return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path directory, IOException failure) throws IOException {
            if (failure != null) {
                throw failure;
            }
            childrenFirst.add(directory);
            return FileVisitResult.CONTINUE;
        }
    }
}
