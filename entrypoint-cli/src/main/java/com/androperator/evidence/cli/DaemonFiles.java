package com.androperator.evidence.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The capture daemon's files, all in one directory that only its user may enter: the port file
 * ({@code <name>.port}: port, client token, daemon token), the lock beside it that makes one daemon
 * per port file, and the log. bin/lib/daemon.sh chooses the directory and the name
 * ({@code $XDG_RUNTIME_DIR/androperator}, else {@code /tmp/androperator-daemon-<uid>}; the name
 * from the jar's path). A directory that is not this user's, is a link or has any permission for
 * group or others is refused, and nothing about it is changed.
 */
record DaemonFiles(Path portFile) {
    /** The system property bin/androperator sets to the port file of its install. */
    static final String PROPERTY = "androperator.daemon.file";
    static final String IDLE_VARIABLE = "ANDROPERATOR_DAEMON_IDLE_SECONDS";
    static final int DEFAULT_IDLE_SECONDS = 900;
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_READ_WRITE = PosixFilePermissions.fromString("rw-------");

    /** Why the daemon's directory cannot be used. */
    static final class Unusable extends Exception {
        Unusable(String message) {
            super(message, null, false, false);
        }
    }

    /** The port file bin/androperator named, if this JVM was started by it. */
    static Optional<DaemonFiles> fromLauncher() {
        String file = System.getProperty(PROPERTY);
        return file == null || file.isEmpty() ? Optional.empty() : Optional.of(new DaemonFiles(Path.of(file).toAbsolutePath()));
    }

    Path directory() {
        return portFile.getParent();
    }

    Path lock() {
        return sibling(".lock");
    }

    Path log() {
        return sibling(".log");
    }

    private Path sibling(String suffix) {
        String name = portFile.getFileName().toString();
        return portFile.resolveSibling(name.substring(0, name.length() - ".port".length()) + suffix);
    }

    /** Checks that the directory is this user's, mode 0700 and not a link. */
    void checkDirectory() throws Unusable {
        Path directory = directory();
        try {
            if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                throw new Unusable(directory + " is not a directory");
            }
            long uid = ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
            long owner = ((Number) Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
            if (owner != uid || !mode.equals(OWNER_ONLY)) {
                throw new Unusable(directory + " is owned by uid " + owner + " with mode " + PosixFilePermissions.toString(mode)
                        + "; the daemon's directory must be yours (uid " + uid + ") with mode rwx------ (chmod 700 "
                        + directory + ")");
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new Unusable("cannot check " + directory + ": " + e);
        }
    }

    /** Writes the port file whole (a temporary name, mode 0600, then a rename), so a reader never sees half of it. */
    void publish(int port, String clientToken, String daemonToken) throws IOException {
        Path temporary = portFile.resolveSibling(portFile.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.deleteIfExists(temporary);
        Files.createFile(temporary, PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
        Files.writeString(temporary, port + " " + clientToken + " " + daemonToken + "\n", StandardCharsets.UTF_8);
        try {
            Files.move(temporary, portFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException impossible) {
            throw new IOException("the port file could not be renamed atomically", impossible);
        }
    }

    /** The port file's port, client token and daemon token; empty when there is none or it is not this user's. */
    Optional<List<String>> read() {
        try {
            if (!Files.isRegularFile(portFile, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            List<String> fields = List.of(Files.readString(portFile, StandardCharsets.UTF_8).trim().split(" "));
            return fields.size() == 3 ? Optional.of(fields) : Optional.empty();
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    /** Removes the port file if it still names this port (a newer daemon's file is left alone). */
    void withdraw(int port) {
        try {
            Optional<List<String>> fields = read();
            if (fields.isPresent() && fields.get().get(0).equals(Integer.toString(port))) {
                Files.deleteIfExists(portFile);
            }
        } catch (IOException e) {
            System.err.println("removing " + portFile + ": " + e);
        }
    }

    static Set<PosixFilePermission> ownerReadWrite() {
        return OWNER_READ_WRITE;
    }
}
