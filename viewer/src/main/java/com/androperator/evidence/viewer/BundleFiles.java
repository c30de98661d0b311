package com.androperator.evidence.viewer;

import com.androperator.evidence.conformance.BundleFileOpen;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The files of one bundle, reached only by bundle-relative names that stay inside it: a manifest
 * can name anything, so an absolute name, a {@code ..} or empty segment, a backslash or a path
 * through a symbolic link is never read (the page says so instead). Every read opens through
 * {@link BundleFileOpen}, so a FIFO swapped in after {@link #locate} never blocks the page.
 */
final class BundleFiles {
    private final Path directory;

    /** {@code directory} is the bundle's real path (no symbolic links in it). */
    BundleFiles(Path directory) {
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    /** Where a bundle-relative name leads. */
    sealed interface Located {
        /** A regular file inside the bundle. */
        record Found(Path file, long bytes) implements Located {
        }

        record Absent() implements Located {
        }

        /** Not read, and why. */
        record Refused(String reason) implements Located {
        }
    }

    Located locate(String name) {
        if (name == null || name.isEmpty()) {
            return new Located.Refused("no file name");
        }
        if (name.startsWith("/") || name.contains("\\") || name.indexOf('\0') >= 0) {
            return new Located.Refused("not a bundle-relative name");
        }
        for (String segment : name.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return new Located.Refused("not a bundle-relative name (empty, . or .. segment)");
            }
        }
        Path file;
        try {
            file = directory.resolve(name).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return new Located.Refused("not a valid file name");
        }
        if (!file.startsWith(directory) || file.equals(directory)) {
            return new Located.Refused("outside the bundle");
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? new Located.Refused("cannot be read: " + e.getMessage())
                    : new Located.Absent();
        }
        if (attributes.isSymbolicLink()) {
            return new Located.Refused("a symbolic link, not followed");
        }
        if (!attributes.isRegularFile()) {
            return new Located.Refused("not a regular file");
        }
        try {
            if (!file.toRealPath().equals(file)) {
                return new Located.Refused("reached through a symbolic link, not followed");
            }
        } catch (IOException e) {
            return new Located.Refused("cannot be read: " + e.getMessage());
        }
        return new Located.Found(file, attributes.size());
    }

    /** Size and sha256 of what a file holds now, read once in a stream. */
    record Digest(long bytes, String sha256) {
    }

    static Digest digest(Path file) throws IOException {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        long bytes = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = BundleFileOpen.open(file)) {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                sha256.update(buffer, 0, read);
                bytes += read;
            }
        }
        return new Digest(bytes, HexFormat.of().formatHex(sha256.digest()));
    }

    /** The first {@code count} bytes of a file (fewer when it is shorter). */
    static byte[] head(Path file, int count) throws IOException {
        try (InputStream in = BundleFileOpen.open(file)) {
            return in.readNBytes(count);
        }
    }
}
