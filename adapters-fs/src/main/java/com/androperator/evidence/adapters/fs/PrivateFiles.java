package com.androperator.evidence.adapters.fs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.UUID;

/**
 * The one file toolkit of the file-system adapters, for still bundles, video bundles, session
 * state and device locks alike: directories 0700 and files 0600 (bundles hold screen content that
 * may be sensitive; on a file system without POSIX permissions nothing is set), files created
 * exclusively, atomic replacement (a new temporary file fsynced and renamed over the target) and
 * directory fsync. The errno words of its failures come from {@link IoCauses}.
 */
public final class PrivateFiles {
    public static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    /** The creation attribute for {@code mode}, or none where the file system has no POSIX modes. */
    public static FileAttribute<?>[] creationAttributes(Path path, Set<PosixFilePermission> mode) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)}
                : new FileAttribute<?>[0];
    }

    /** Sets the mode exactly (whatever the umask took away at creation), never through a symlink. */
    public static void setMode(Path path, Set<PosixFilePermission> mode) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view != null) {
            view.setPermissions(mode);
        }
    }

    /** Creates one directory exclusively (mkdir(2)) with mode exactly 0700; fails if anything exists there. */
    public static void createDirectory(Path directory) throws IOException {
        Files.createDirectory(directory, creationAttributes(directory, DIRECTORY_MODE));
        setMode(directory, DIRECTORY_MODE);
    }

    /** Creates {@code directory} 0700 when it does not exist yet; an existing directory is left as it is. */
    public static void ensureDirectory(Path directory) throws IOException {
        try {
            createDirectory(directory);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                throw e;
            }
        }
    }

    /** Creates {@code file} exclusively (CREATE_NEW) with mode exactly 0600 and opens it for writing. */
    public static FileChannel createNew(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                creationAttributes(file, FILE_MODE));
        try {
            // The creation mode passes through the umask; set it explicitly so it is exactly 0600.
            setMode(file, FILE_MODE);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return channel;
    }

    /** Writes a new 0600 file exclusively and fsyncs it. */
    public static void writeNew(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = createNew(file)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    /** Writes a new 0600 file of {@code length} zero bytes (real blocks, not a sparse file) and fsyncs it. */
    public static void writeZeros(Path file, long length) throws IOException {
        try (FileChannel channel = createNew(file)) {
            ByteBuffer zeros = ByteBuffer.allocate(64 * 1024);
            for (long left = length; left > 0; ) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), left));
                while (zeros.hasRemaining()) {
                    left -= channel.write(zeros);
                }
            }
            channel.force(true);
        }
    }

    /** Replaces {@code target} atomically with {@code bytes}. */
    public static void replace(Path target, byte[] bytes) throws IOException {
        replace(target, bytes, target.getParent());
    }

    /**
     * Replaces {@code target} atomically with {@code bytes}, staging the temporary file in
     * {@code staging} (a directory on the same file system), so that the target's own directory
     * never shows a half-written or leftover temporary file; then fsyncs the target's directory.
     */
    public static void replace(Path target, byte[] bytes, Path staging) throws IOException {
        Path temporary = staging.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            writeNew(temporary, bytes);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
        forceDirectoryIfSupported(target.getParent());
    }

    /** Renames atomically; on POSIX an existing target is replaced by the same rename(2). */
    public static void moveAtomically(Path source, Path target) throws IOException {
        Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Flushes a directory's entries (new names, renames) to stable storage. */
    public static void forceDirectory(Path directory) throws IOException {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /** {@link #forceDirectory}, where a file system that cannot fsync a directory is no failure (the rename already happened). */
    public static void forceDirectoryIfSupported(Path directory) {
        try {
            forceDirectory(directory);
        } catch (IOException e) {
            // Some file systems cannot fsync a directory; the entry itself is already there.
        }
    }

    public static String sha256Hex(byte[] bytes) {
        return HexFormat.of().formatHex(sha256().digest(bytes));
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }

    /** Makes the bytes of a regular file another writer made durable (fsync), without following a symlink. */
    public static void forceFile(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            channel.force(true);
        }
    }

    /** The byte count and sha256 of a file as it is on disk. */
    public record FileFacts(long bytes, String sha256) {
    }

    /** Size and sha256 of a regular file, read without following a symlink. */
    public static FileFacts facts(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new NoSuchFileException(file.toString(), null, "not a regular file");
        }
        MessageDigest digest = sha256();
        long count = 0;
        byte[] buffer = new byte[256 * 1024];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
                count += read;
            }
        }
        return new FileFacts(count, HexFormat.of().formatHex(digest.digest()));
    }
}
