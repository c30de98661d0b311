package com.androperator.evidence.kit.video;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The ffmpeg/ffprobe 6.1.1 (with libx264) that this project's own build downloads, from the local
 * Maven repository's {@code org.bytedeco:ffmpeg:6.1.1-1.5.10:linux-x86_64-gpl} jar, unpacked once
 * into the user's cache directory. Used only when neither {@code --ffmpeg} nor PATH offers a usable
 * ffmpeg, so a fresh clone after {@code mvn package} can run the video scenarios with nothing else
 * installed. The executables carry RUNPATH=$ORIGIN: the libraries beside them are found as they are.
 */
public final class MavenFfmpeg {
    static final String VERSION = "6.1.1-1.5.10";
    static final String JAR = "org/bytedeco/ffmpeg/" + VERSION + "/ffmpeg-" + VERSION + "-linux-x86_64-gpl.jar";
    private static final String PREFIX = "org/bytedeco/ffmpeg/linux-x86_64-gpl/";

    private MavenFfmpeg() {
    }

    /** The directory holding the unpacked ffmpeg and ffprobe, or empty when the jar is not there. */
    public static Optional<Path> unpacked(Path home, String xdgCacheHome) throws IOException {
        Path jar = home.resolve(".m2/repository").resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            return Optional.empty();
        }
        Path cache = xdgCacheHome != null && !xdgCacheHome.isBlank() ? Path.of(xdgCacheHome)
                : home.resolve(".cache");
        Path target = cache.resolve("androperator-conformance").resolve("ffmpeg-" + VERSION);
        if (Files.isExecutable(target.resolve("ffmpeg")) && Files.isExecutable(target.resolve("ffprobe"))) {
            return Optional.of(target);
        }
        Files.createDirectories(target.getParent());
        // Unpacked beside the target, then renamed: two kits starting at once never see half a directory.
        Path temporary = Files.createTempDirectory(target.getParent(), ".ffmpeg-");
        try {
            try (JarFile file = new JarFile(jar.toFile())) {
                Enumeration<JarEntry> entries = file.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    String name = entry.getName();
                    if (entry.isDirectory() || !name.startsWith(PREFIX) || name.substring(PREFIX.length()).contains("/")) {
                        continue;
                    }
                    Path out = temporary.resolve(name.substring(PREFIX.length()));
                    try (InputStream in = file.getInputStream(entry)) {
                        Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                    }
                    out.toFile().setExecutable(true, true);
                }
            }
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException raced) {
                // Another kit unpacked it first (or the file system cannot rename atomically): use what is there.
            }
        } finally {
            if (Files.exists(temporary)) {
                try (Stream<Path> files = Files.walk(temporary)) {
                    for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(path);
                    }
                }
            }
        }
        return Optional.of(target);
    }
}
