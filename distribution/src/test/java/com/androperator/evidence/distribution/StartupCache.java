package com.androperator.evidence.distribution;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The launchers' class-data-sharing archives in a directory. The first run of a launcher dumps its
 * archive in the background; {@link #await} follows the directory's change events until the dump
 * has renamed its archive into place and removed its lock (no polling of the clock).
 */
final class StartupCache {
    private static final long SAFETY_NET_SECONDS = 300;

    private StartupCache() {
    }

    static List<String> archivesIn(Path directory) throws IOException {
        return names(directory).stream().filter(name -> name.endsWith(".jsa")).toList();
    }

    /** Every file of the launchers' cache in the directory: archives, locks, temporaries, markers. */
    static List<String> cacheFilesIn(Path directory) throws IOException {
        return names(directory).stream().filter(name -> name.contains(".jsa")).toList();
    }

    /** Waits until TOOL-KEY.jsa exists and no dump of it is under way; returns its name. */
    static String await(Path directory, String tool) throws IOException, InterruptedException {
        Pattern archive = Pattern.compile(Pattern.quote(tool) + "-\\d+\\.jsa");
        Pattern dumping = Pattern.compile(Pattern.quote(tool) + "-\\d+\\.jsa\\.(lock|\\d+\\.tmp)");
        Pattern failed = Pattern.compile(Pattern.quote(tool) + "-\\d+\\.jsa\\.failed");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SAFETY_NET_SECONDS);
        try (WatchService watcher = directory.getFileSystem().newWatchService()) {
            directory.register(watcher, ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY);
            while (true) {
                List<String> names = names(directory);
                if (names.stream().anyMatch(name -> failed.matcher(name).matches())) {
                    throw new AssertionError("the JVM could not dump " + tool + "'s archive in " + directory + ": " + names);
                }
                String made = names.stream().filter(name -> archive.matcher(name).matches()).findFirst().orElse(null);
                if (made != null && names.stream().noneMatch(name -> dumping.matcher(name).matches())) {
                    return made;
                }
                WatchKey key = watcher.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (key == null) {
                    throw new AssertionError("no archive of " + tool + " in " + directory + " after "
                            + SAFETY_NET_SECONDS + " s: " + names);
                }
                key.pollEvents();
                key.reset();
            }
        }
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
