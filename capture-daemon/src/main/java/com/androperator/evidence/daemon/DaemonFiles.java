package com.androperator.evidence.daemon;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

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
    private static final long MAX_LOG_BYTES = 4L << 20;

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
            long uid = currentUid();
            long owner = owner(directory);
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

    /** The two tokens of a port file: the one a client shows, the one the daemon answers with. */
    record Tokens(String client, String daemon) {
        static Tokens random() {
            java.security.SecureRandom random = new java.security.SecureRandom();
            return new Tokens(hex(random), hex(random));
        }

        private static String hex(java.security.SecureRandom random) {
            byte[] bytes = new byte[16];
            random.nextBytes(bytes);
            return java.util.HexFormat.of().formatHex(bytes);
        }
    }

    /** The lock that makes one daemon per port file, or null while another process holds it. */
    FileLock tryLock() throws IOException {
        FileChannel channel = FileChannel.open(lock(), Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(OWNER_READ_WRITE));
        FileLock lock = channel.tryLock();
        if (lock == null) {
            channel.close();
        }
        return lock;
    }

    /**
     * The lock, taken now or once a stopping daemon lets it go; or null once another daemon's port
     * file is there (it serves), or after {@code limit}. A released lock makes no file event, so the
     * wait looks again every 100 ms as well.
     */
    FileLock lockOrAwaitPublished(Duration limit) throws IOException {
        long deadline = System.nanoTime() + limit.toNanos();
        try (WatchService watcher = directory().getFileSystem().newWatchService()) {
            directory().register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            while (true) {
                FileLock lock = tryLock();
                if (lock != null || read().isPresent() || System.nanoTime() >= deadline) {
                    return lock;
                }
                WatchKey key = watcher.poll(Math.min(100_000_000L, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Empties the log when it has grown past 4 MiB (one line per capture; refusals at most one a
     * minute). The daemon's stderr appends to it, so its next line starts the file again.
     */
    void truncateLogIfLarge() {
        try (FileChannel log = FileChannel.open(log(), StandardOpenOption.WRITE)) {
            if (log.size() > MAX_LOG_BYTES) {
                log.truncate(0);
            }
        } catch (IOException | UnsupportedOperationException ignored) {
            // A log that cannot be trimmed is still written; nothing depends on its size.
        }
    }

    /** The uid that owns {@code path} itself, not a link's target. */
    private static long owner(Path path) throws IOException {
        return ((Number) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
    }

    /** This process's effective uid: the owner of /proc/self's target, /proc/&lt;pid&gt;. */
    private static long currentUid() throws IOException {
        return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
    }

    /** Writes the port file whole (a temporary name, mode 0600, then a rename), so a reader never sees half of it. */
    void publish(int port, Tokens tokens) throws IOException {
        String clientToken = tokens.client();
        String daemonToken = tokens.daemon();
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

    /**
     * The port file's port, client token and daemon token; empty when there is none, or when it or
     * its directory is not this user's alone (then nothing in it is trusted).
     */
    Optional<List<String>> read() {
        try {
            if (!Files.isRegularFile(portFile, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            checkDirectory();
            if (owner(portFile) != currentUid() || !Files.getPosixFilePermissions(portFile, LinkOption.NOFOLLOW_LINKS).equals(OWNER_READ_WRITE)) {
                return Optional.empty();
            }
            List<String> fields = List.of(Files.readString(portFile, StandardCharsets.UTF_8).trim().split(" "));
            return fields.size() == 3 ? Optional.of(fields) : Optional.empty();
        } catch (IOException | Unusable | RuntimeException untrusted) {
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
}
