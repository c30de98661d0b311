package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.adapters.fs.IoCauses;
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
 * Private, durable small files for video state: directories 0700, files 0600, each write a new
 * temporary file that is fsynced and renamed over the target, then the directory fsynced.
 */
final class PrivateFiles {
    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    static FileAttribute<?>[] attributes(Path path, Set<PosixFilePermission> mode) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)}
                : new FileAttribute<?>[0];
    }

    /** Creates {@code directory} 0700 when it does not exist yet; an existing directory is left as it is. */
    static void ensureDirectory(Path directory) throws IOException {
        try {
            Files.createDirectory(directory, attributes(directory, DIRECTORY));
            setMode(directory, DIRECTORY);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                throw e;
            }
        }
    }

    /** Writes a new 0600 file exclusively and fsyncs it. */
    static void writeNew(Path file, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                attributes(file, FILE))) {
            setMode(file, FILE);
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
    }

    /** Writes a new 0600 file of {@code length} zero bytes (real blocks, not a sparse file) and fsyncs it. */
    static void writeZeros(Path file, long length) throws IOException {
        try (FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                attributes(file, FILE))) {
            setMode(file, FILE);
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
    static void replace(Path target, byte[] bytes) throws IOException {
        replace(target, bytes, target.getParent());
    }

    /**
     * Replaces {@code target} atomically with {@code bytes}, staging the temporary file in
     * {@code staging} (a directory on the same file system), so that the target's own directory
     * never shows a half-written or leftover temporary file.
     */
    static void replace(Path target, byte[] bytes, Path staging) throws IOException {
        Path temporary = staging.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            writeNew(temporary, bytes);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temporary);
        }
        forceDirectory(target.getParent());
    }

    static void forceDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Some file systems cannot fsync a directory; the rename itself already happened.
        }
    }

    static void setMode(Path path, Set<PosixFilePermission> mode) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view != null) {
            view.setPermissions(mode);
        }
    }

    static String sha256Hex(byte[] bytes) {
        return HexFormat.of().formatHex(digest().digest(bytes));
    }

    /** The byte count and sha256 of a file as it is on disk. */
    record FileFacts(long bytes, String sha256) {
    }

    /** Size and sha256 of a regular file, read without following a symlink. */
    static FileFacts facts(Path file) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new NoSuchFileException(file.toString(), null, "not a regular file");
        }
        MessageDigest digest = digest();
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

    /** The POSIX errno word of an I/O failure, as EVIDENCE_STORAGE_UNWRITABLE's causeCode (the one errno table). */
    static String causeCode(IOException failure) {
        return IoCauses.causeCode(failure);
    }

    static String describe(IOException failure) {
        return IoCauses.describe(failure);
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }
}
