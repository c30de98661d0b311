package com.androperator.evidence.viewer;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A directory that holds bundles rather than being one: the bundles directly in it, or one level
 * further down (an evidence root's {@code bundles/}, a test run's per-class directories). A bundle
 * is a directory holding a regular manifest.json; symbolic links are never followed, and at most
 * {@link #MAX_BUNDLES} are taken, so that the run page stays bounded.
 */
final class RunDirectory {
    static final int MAX_BUNDLES = 500;

    private RunDirectory() {
    }

    /** The bundles found, by path; empty when {@code directory} is itself a bundle or holds none. */
    static Found find(Path directory) {
        if (isBundle(directory)) {
            return new Found(List.of(), false);
        }
        List<Path> bundles = new ArrayList<>();
        for (Path child : directories(directory)) {
            if (isBundle(child)) {
                bundles.add(child);
            } else {
                directories(child).stream().filter(RunDirectory::isBundle).forEach(bundles::add);
            }
        }
        bundles.sort(Comparator.naturalOrder());
        boolean capped = bundles.size() > MAX_BUNDLES;
        return new Found(capped ? List.copyOf(bundles.subList(0, MAX_BUNDLES)) : List.copyOf(bundles), capped);
    }

    /** {@code capped}: more bundles were there than the page shows. */
    record Found(List<Path> bundles, boolean capped) {
    }

    private static boolean isBundle(Path directory) {
        return Files.isRegularFile(directory.resolve(BundleSnapshot.MANIFEST), LinkOption.NOFOLLOW_LINKS);
    }

    /** The real directories (not links) directly in {@code directory}; none when it cannot be read. */
    private static List<Path> directories(Path directory) {
        List<Path> children = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory,
                child -> Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS))) {
            stream.forEach(children::add);
        } catch (IOException e) {
            // An unreadable directory holds no bundle the page could show.
        }
        return children;
    }
}
