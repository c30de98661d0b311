package com.androperator.evidence.adapters.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * The real file system with scripted failures: a disk that fills after N bytes, short writes,
 * failing renames, directory fsyncs, mkdirs or removals. Tests run as root, so failures cannot be made
 * with permission bits; they are injected here, on top of real files.
 */
final class ScriptedFileSystemOps implements FileSystemOps {
    private long bytesUntilFull = Long.MAX_VALUE;
    private int maxBytesPerWrite = Integer.MAX_VALUE;
    private IOException moveFailure;
    private String failMovesOfFileContaining = "";
    private IOException forceDirectoryFailure;
    private IOException createDirectoryFailure;
    private IOException deleteFailure;
    /** The files a removal was asked for, by name, in order. */
    private final java.util.List<String> deletes = new java.util.ArrayList<>();
    private String failOnlyFileContaining = "";
    /** The files whose bytes were fsynced, by name, in order. */
    private final java.util.List<String> forcedFiles = new java.util.ArrayList<>();

    /** The disk fills after {@code bytes} more bytes: the next write fails with ENOSPC. */
    ScriptedFileSystemOps diskFullAfter(long bytes) {
        this.bytesUntilFull = bytes;
        return this;
    }

    /** Only files whose name contains {@code part} fill the disk (others write normally). */
    ScriptedFileSystemOps onlyFor(String part) {
        this.failOnlyFileContaining = part;
        return this;
    }

    ScriptedFileSystemOps shortWrites(int maxBytesPerWrite) {
        this.maxBytesPerWrite = maxBytesPerWrite;
        return this;
    }

    ScriptedFileSystemOps failingMoves(IOException failure) {
        this.moveFailure = failure;
        return this;
    }

    /** Only renames of files whose name contains {@code part} fail (others rename normally). */
    ScriptedFileSystemOps failingMovesOf(String part, IOException failure) {
        this.failMovesOfFileContaining = part;
        this.moveFailure = failure;
        return this;
    }

    ScriptedFileSystemOps failingDirectoryForce(IOException failure) {
        this.forceDirectoryFailure = failure;
        return this;
    }

    /** Every removal fails with {@code failure} (the file stays). */
    ScriptedFileSystemOps failingDeletes(IOException failure) {
        this.deleteFailure = failure;
        return this;
    }

    /** The names of the files a removal was asked for so far, in order. */
    java.util.List<String> deletes() {
        return java.util.List.copyOf(deletes);
    }

    /** The names of the files fsynced so far, in order. */
    java.util.List<String> forcedFiles() {
        return java.util.List.copyOf(forcedFiles);
    }

    ScriptedFileSystemOps failingDirectoryCreation(IOException failure) {
        this.createDirectoryFailure = failure;
        return this;
    }

    @Override
    public void createPrivateDirectory(Path directory) throws IOException {
        if (createDirectoryFailure != null) {
            throw createDirectoryFailure;
        }
        SYSTEM.createPrivateDirectory(directory);
    }

    @Override
    public WritableFile createNew(Path file) throws IOException {
        WritableFile real = SYSTEM.createNew(file);
        boolean fills = file.getFileName().toString().contains(failOnlyFileContaining);
        return new WritableFile() {
            @Override
            public int write(ByteBuffer bytes) throws IOException {
                if (fills && bytesUntilFull <= 0) {
                    throw new IOException("No space left on device");
                }
                int allowed = (int) Math.min(Math.min(bytes.remaining(), maxBytesPerWrite),
                        fills ? bytesUntilFull : Long.MAX_VALUE);
                ByteBuffer slice = bytes.duplicate();
                slice.limit(slice.position() + allowed);
                int wrote = real.write(slice);
                bytes.position(bytes.position() + wrote);
                if (fills) {
                    bytesUntilFull -= wrote;
                }
                return wrote;
            }

            @Override
            public void force() throws IOException {
                real.force();
                forcedFiles.add(file.getFileName().toString());
            }

            @Override
            public void close() throws IOException {
                real.close();
            }
        };
    }

    @Override
    public void moveAtomically(Path source, Path target) throws IOException {
        if (moveFailure != null && source.getFileName().toString().contains(failMovesOfFileContaining)) {
            throw moveFailure;
        }
        SYSTEM.moveAtomically(source, target);
    }

    @Override
    public void forceFile(Path file) throws IOException {
        FileSystemOps.super.forceFile(file);
        forcedFiles.add(file.getFileName().toString());
    }

    @Override
    public void forceDirectory(Path directory) throws IOException {
        if (forceDirectoryFailure != null) {
            throw forceDirectoryFailure;
        }
        SYSTEM.forceDirectory(directory);
    }

    @Override
    public void deleteIfExists(Path file) throws IOException {
        deletes.add(file.getFileName().toString());
        if (deleteFailure != null) {
            throw deleteFailure;
        }
        SYSTEM.deleteIfExists(file);
    }
}
