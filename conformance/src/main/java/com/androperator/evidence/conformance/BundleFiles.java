package com.androperator.evidence.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The only way rules touch the bundle: every path is walked component by component below the
 * bundle root, each component's own attributes are read without following links, and a file is
 * opened with {@code NOFOLLOW_LINKS} relative to its already-opened directory (openat on POSIX
 * through {@link SecureDirectoryStream}) under {@link BundleFileOpen}'s deadline. So a symbolic link, whether a file or a directory, is
 * reported and never read through, and nothing outside the bundle is ever opened.
 */
final class BundleFiles {
    /** Deeper than any bundle: a walk stops here rather than recurse without end. */
    private static final int MAX_DEPTH = 16;

    /** What sits at a bundle-relative path, seen without following links. */
    sealed interface Entry {
        /** A regular file; {@code mode} is null where the file system has no POSIX modes. */
        record RegularFile(long size, Set<PosixFilePermission> mode) implements Entry {
        }

        record Directory(Set<PosixFilePermission> mode) implements Entry {
        }

        /** {@code at} is the component that is the link: the path itself or one of its directories. */
        record SymbolicLink(String at) implements Entry {
        }

        /** A device, FIFO or socket, or a file where a directory component is due ({@code at}). */
        record Other(String at) implements Entry {
        }

        record Missing(String at) implements Entry {
        }

        record Unreadable(String at, String reason) implements Entry {
        }
    }

    /** Visits each entry below the root: its bundle-relative path and what it is. */
    interface Visitor {
        void visit(String relative, Entry entry);
    }

    private final Path root;

    BundleFiles(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    /** What is at {@code relative} ("a/b.png"), or which component of it stops the lookup. */
    Entry entry(String relative) {
        List<String> names = components(relative);
        if (names == null) {
            return new Entry.Other(relative);
        }
        try (Opened parent = openParent(names)) {
            return parent.failure != null ? parent.failure : parent.describe(names.get(names.size() - 1), relative);
        } catch (IOException e) {
            return new Entry.Unreadable(relative, e.getMessage());
        }
    }

    /**
     * Opens the regular file at {@code relative} for reading without following links at any
     * component, or throws naming why it cannot be opened.
     */
    InputStream open(String relative) throws IOException {
        List<String> names = components(relative);
        if (names == null) {
            throw new IOException(relative + " is not a bundle-relative path");
        }
        try (Opened parent = openParent(names)) {
            if (parent.failure != null) {
                throw new IOException(relative + " cannot be reached: " + parent.failure);
            }
            String name = names.get(names.size() - 1);
            Entry entry = parent.describe(name, relative);
            if (!(entry instanceof Entry.RegularFile)) {
                throw new IOException(relative + " is not a regular file: " + entry);
            }
            // The type read above may be stale by now: the open itself must not wait on a swapped-in FIFO.
            return BundleFileOpen.open(parent.opener(name), relative);
        }
    }

    /** Every entry below the root, depth first, never through a link. */
    void walk(Visitor visitor) throws IOException {
        try (Opened top = openRoot()) {
            walk(top, "", 0, visitor);
        }
    }

    private void walk(Opened directory, String prefix, int depth, Visitor visitor) throws IOException {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = directory.list()) {
            for (Path entry : entries) {
                names.add(entry.getFileName().toString());
            }
        }
        names.sort(null);
        for (String name : names) {
            String relative = prefix + name;
            Entry entry = directory.describe(name, relative);
            visitor.visit(relative, entry);
            if (entry instanceof Entry.Directory && depth < MAX_DEPTH) {
                try (Opened child = directory.child(name, relative)) {
                    if (child.failure != null) {
                        visitor.visit(relative, child.failure);
                    } else {
                        walk(child, relative + "/", depth + 1, visitor);
                    }
                }
            }
        }
    }

    /** The root's own attributes (the root itself must not be a link either). */
    Entry rootEntry() {
        try {
            BasicFileAttributes attributes = Files.readAttributes(root, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                return new Entry.SymbolicLink(".");
            }
            if (!attributes.isDirectory()) {
                return new Entry.Other(".");
            }
            return new Entry.Directory(mode(root));
        } catch (NoSuchFileException e) {
            return new Entry.Missing(".");
        } catch (IOException e) {
            return new Entry.Unreadable(".", e.getMessage());
        }
    }

    private Opened openParent(List<String> names) throws IOException {
        Opened current = openRoot();
        StringBuilder walked = new StringBuilder();
        for (int i = 0; i < names.size() - 1; i++) {
            String name = names.get(i);
            walked.append(walked.length() == 0 ? "" : "/").append(name);
            Entry entry = current.describe(name, walked.toString());
            Opened next = entry instanceof Entry.Directory ? current.child(name, walked.toString())
                    : Opened.failed(entry instanceof Entry.RegularFile ? new Entry.Other(walked.toString()) : entry);
            current.close();
            current = next;
            if (current.failure != null) {
                return current;
            }
        }
        return current;
    }

    private Opened openRoot() throws IOException {
        DirectoryStream<Path> stream = Files.newDirectoryStream(root);
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            return new Opened(secure, root, null);
        }
        stream.close();
        return new Opened(null, root, null);
    }

    /** Plain names only: no empty, "." or ".." component, no absolute path. */
    private static List<String> components(String relative) {
        if (relative == null || relative.isEmpty() || relative.startsWith("/") || relative.indexOf('\\') >= 0
                || relative.indexOf('\0') >= 0) {
            return null;
        }
        List<String> names = List.of(relative.split("/", -1));
        for (String name : names) {
            if (name.isEmpty() || name.equals(".") || name.equals("..")) {
                return null;
            }
        }
        return names;
    }

    private static Set<PosixFilePermission> mode(Path path) throws IOException {
        if (!path.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return null;
        }
        return Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * One opened directory: through a secure stream where the platform has one (entries are then
     * resolved against its descriptor, not by path), else by path, each component checked.
     */
    private static final class Opened implements AutoCloseable {
        private final SecureDirectoryStream<Path> secure;
        private final Path path;
        private final Entry failure;

        Opened(SecureDirectoryStream<Path> secure, Path path, Entry failure) {
            this.secure = secure;
            this.path = path;
            this.failure = failure;
        }

        static Opened failed(Entry failure) {
            return new Opened(null, null, failure);
        }

        Entry describe(String name, String relative) {
            try {
                BasicFileAttributes attributes;
                Set<PosixFilePermission> mode = null;
                if (secure != null) {
                    PosixFileAttributeView view = secure.getFileAttributeView(Path.of(name), PosixFileAttributeView.class,
                            LinkOption.NOFOLLOW_LINKS);
                    PosixFileAttributes posix = view.readAttributes();
                    attributes = posix;
                    mode = posix.permissions();
                } else {
                    Path child = path.resolve(name);
                    attributes = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    mode = attributes.isSymbolicLink() ? null : mode(child);
                }
                if (attributes.isSymbolicLink()) {
                    return new Entry.SymbolicLink(relative);
                }
                if (attributes.isDirectory()) {
                    return new Entry.Directory(mode);
                }
                if (attributes.isRegularFile()) {
                    return new Entry.RegularFile(attributes.size(), mode);
                }
                return new Entry.Other(relative);
            } catch (NoSuchFileException e) {
                return new Entry.Missing(relative);
            } catch (IOException e) {
                return new Entry.Unreadable(relative, e.getMessage());
            }
        }

        /** Opens the directory {@code name} without following a link there. */
        Opened child(String name, String relative) {
            try {
                if (secure != null) {
                    return new Opened((SecureDirectoryStream<Path>) secure.newDirectoryStream(Path.of(name),
                            LinkOption.NOFOLLOW_LINKS), null, null);
                }
                return new Opened(null, path.resolve(name), null);
            } catch (IOException e) {
                // A link swapped in after the attributes were read fails here (ELOOP), not later.
                return failed(new Entry.Unreadable(relative, e.getMessage()));
            }
        }

        /**
         * Opens {@code name} on its own descriptor of this directory: a secure stream's close waits
         * for its opens to return, so an open left blocked by a FIFO must not hold this one.
         */
        BundleFileOpen.Opener opener(String name) throws IOException {
            Set<OpenOption> read = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
            if (secure == null) {
                Path file = path.resolve(name);
                return () -> Files.newByteChannel(file, read);
            }
            SecureDirectoryStream<Path> own = (SecureDirectoryStream<Path>) secure.newDirectoryStream(Path.of("."),
                    LinkOption.NOFOLLOW_LINKS);
            return () -> {
                try (own) {
                    return own.newByteChannel(Path.of(name), read);
                }
            };
        }

        DirectoryStream<Path> list() throws IOException {
            if (secure != null) {
                // Iterating a secure stream reads its open descriptor; it is closed by close().
                return new DirectoryStream<>() {
                    @Override
                    public java.util.Iterator<Path> iterator() {
                        return secure.iterator();
                    }

                    @Override
                    public void close() {
                    }
                };
            }
            return Files.newDirectoryStream(path);
        }

        @Override
        public void close() throws IOException {
            if (secure != null) {
                secure.close();
            }
        }
    }
}
