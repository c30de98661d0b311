package com.androperator.evidence.adapters.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Bundle modes: directories 0700, files 0600, because bundles hold screen content that may be
 * sensitive. On a file system without POSIX permissions nothing is set.
 */
final class PosixModes {
    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PosixModes() {
    }

    static boolean supported(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** The creation attribute for {@code mode}, or none where the file system has no POSIX modes. */
    static FileAttribute<?>[] creationAttributes(Path path, Set<PosixFilePermission> mode) {
        return supported(path)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)}
                : new FileAttribute<?>[0];
    }

    /** Sets the mode exactly, whatever the umask took away at creation. */
    static void apply(Path path, Set<PosixFilePermission> mode) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        if (view != null) {
            view.setPermissions(mode);
        }
    }

    /** Creates one directory exclusively with mode 0700; fails if anything exists at {@code directory}. */
    static void createPrivateDirectory(Path directory) throws IOException {
        Files.createDirectory(directory, creationAttributes(directory, DIRECTORY));
        apply(directory, DIRECTORY);
    }
}
