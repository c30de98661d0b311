package com.androperator.evidence.adapters.fs;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The file-system calls that bundle writing makes, behind one seam so that tests can make a real
 * write fail partway (a full disk, a vanished directory) without root-only tricks: tests run as
 * root, which ignores permission bits. {@link #SYSTEM} is {@link PrivateFiles}, the one file toolkit.
 */
public interface FileSystemOps {

    /** Creates one directory exclusively (mkdir(2)) with mode exactly 0700; fails if anything is there. */
    void createPrivateDirectory(Path directory) throws IOException;

    /** Creates {@code file} exclusively (CREATE_NEW) with mode 0600 and opens it for writing. */
    WritableFile createNew(Path file) throws IOException;

    /** Renames atomically; on POSIX an existing target is replaced by the same rename(2). */
    void moveAtomically(Path source, Path target) throws IOException;

    /**
     * Flushes the bytes of a regular file another writer made (fsync), without following a symlink;
     * every file system does this the same way, so tests that script failures only watch it.
     */
    default void forceFile(Path file) throws IOException {
        PrivateFiles.forceFile(file);
    }

    /** Flushes a directory's entries (new names, renames) to stable storage. */
    void forceDirectory(Path directory) throws IOException;

    /** Removes a leftover temporary file, if any. */
    void deleteIfExists(Path file) throws IOException;

    /** An open, newly created file. */
    interface WritableFile extends Closeable {
        /** Writes from the buffer's position; returns how many bytes were written (possibly fewer). */
        int write(ByteBuffer bytes) throws IOException;

        /** fsync: the file's data and metadata reach stable storage. */
        void force() throws IOException;
    }

    FileSystemOps SYSTEM = new FileSystemOps() {
        @Override
        public void createPrivateDirectory(Path directory) throws IOException {
            PrivateFiles.createDirectory(directory);
        }

        @Override
        public WritableFile createNew(Path file) throws IOException {
            FileChannel channel = PrivateFiles.createNew(file);
            return new WritableFile() {
                @Override
                public int write(ByteBuffer bytes) throws IOException {
                    return channel.write(bytes);
                }

                @Override
                public void force() throws IOException {
                    channel.force(true);
                }

                @Override
                public void close() throws IOException {
                    channel.close();
                }
            };
        }

        @Override
        public void moveAtomically(Path source, Path target) throws IOException {
            PrivateFiles.moveAtomically(source, target);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            PrivateFiles.forceDirectory(directory);
        }

        @Override
        public void deleteIfExists(Path file) throws IOException {
            Files.deleteIfExists(file);
        }
    };
}
