package com.androperator.evidence.kit.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * One scenario's private directories. The child sees {@code home} as HOME and {@code work} as its
 * working directory; bundles go below {@code out}; {@code evidence} is the ANDROPERATOR_EVIDENCE_DIR
 * of scenarios that set one; {@code tools} holds the video stand-ins; {@code kit} is the kit's own
 * scratch space (captured output), never shown to the child.
 */
public record Workspace(Path root, Path home, Path work, Path out, Path evidence, Path tools, Path kit) {

    public static Workspace create(Path parent, String name) {
        try {
            Path root = Files.createDirectory(parent.resolve(name));
            return new Workspace(root, Files.createDirectory(root.resolve("home")),
                    Files.createDirectory(root.resolve("work")), Files.createDirectory(root.resolve("out")),
                    root.resolve("evidence"), Files.createDirectory(root.resolve("tools")),
                    Files.createDirectory(root.resolve("kit")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the workspace of " + name, e);
        }
    }

    /** The new bundle directory a capture is asked to create. */
    public Path bundle() {
        return out.resolve("bundle");
    }

    /**
     * Every entry below the directories the child may touch (home, work, out, evidence) with its
     * type, size and modification time, keyed by its path relative to {@link #root()}.
     */
    public Map<String, String> snapshot() {
        Map<String, String> entries = new TreeMap<>();
        for (Path dir : new Path[] {home, work, out, evidence}) {
            walk(dir, entries);
        }
        return entries;
    }

    /** {@link #snapshot()} without the entries {@code excluded} names (relative paths). */
    public Map<String, String> snapshot(Predicate<String> excluded) {
        Map<String, String> entries = snapshot();
        entries.keySet().removeIf(excluded);
        return entries;
    }

    /** The relative key {@link #snapshot()} uses for {@code path}. */
    public String key(Path path) {
        return root.relativize(path).toString();
    }

    private void walk(Path dir, Map<String, String> entries) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    entries.put(key(d), "directory");
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    entries.put(key(file), (attrs.isSymbolicLink() ? "link" : "file") + " of " + attrs.size()
                            + " bytes modified " + attrs.lastModifiedTime());
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    entries.put(key(file), "unreadable: " + e.getMessage());
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the whole workspace (best effort: what cannot be removed is left to the OS's temp cleanup). */
    public void delete() {
        deleteTree(root);
    }

    public static void deleteTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    try {
                        Files.deleteIfExists(file);
                    } catch (IOException e) {
                        // Left to the OS's temp cleanup.
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    try {
                        Files.deleteIfExists(d);
                    } catch (IOException notEmpty) {
                        // Something could not be removed inside; left to the OS's temp cleanup.
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // Best effort.
        }
    }
}
