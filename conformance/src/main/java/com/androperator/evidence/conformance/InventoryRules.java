package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.Manifest;
import java.io.IOException;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.Set;

/**
 * Everything in the bundle is listed (or is manifest.json; for video also session.json and
 * control/), is a regular file or directory (a symbolic link is reported, never followed), and
 * has a private mode: 0700 directories, 0600 files. Without a readable manifest only kinds and
 * modes are checked.
 */
final class InventoryRules implements BundleRule {
    private static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    @Override
    public void check(Verification v) {
        Manifest manifest = v.manifest;
        Set<String> listed = new HashSet<>();
        listed.add(BundleShape.MANIFEST);
        boolean video = manifest != null && manifest.video() != null;
        if (manifest != null) {
            for (Artifact artifact : manifest.artifacts()) {
                if (artifact.path() != null) {
                    listed.add(artifact.path());
                }
            }
        }
        Set<String> listedDirectories = new HashSet<>();
        for (String path : listed) {
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                listedDirectories.add(path.substring(0, slash));
            }
        }
        boolean contentKnown = manifest != null;
        if (v.files.rootEntry() instanceof BundleFiles.Entry.Directory root) {
            checkMode(v, ".", root.mode(), DIRECTORY_MODE);
        }
        try {
            v.files.walk((relative, entry) -> {
                boolean control = video && BundleShape.isVideoControl(relative);
                boolean isListed = listed.contains(relative) || control;
                if (entry instanceof BundleFiles.Entry.Directory directory) {
                    checkMode(v, relative, directory.mode(), DIRECTORY_MODE);
                    if (contentKnown && !control && !listedDirectories.contains(relative)) {
                        v.add("UNLISTED_FILE", relative, "the directory " + relative + " is not part of the bundle");
                    }
                    return;
                }
                if (contentKnown && !isListed && !listedDirectories.contains(relative)) {
                    v.add("UNLISTED_FILE", relative, relative + " is in the bundle but not listed in the manifest");
                }
                if (entry instanceof BundleFiles.Entry.RegularFile file) {
                    checkMode(v, relative, file.mode(), FILE_MODE);
                } else if (entry instanceof BundleFiles.Entry.Unreadable unreadable) {
                    v.add("UNREADABLE_FILE", relative, "cannot inspect " + relative + ": " + unreadable.reason());
                } else if (control || !listed.contains(relative)) {
                    // Listed entries that are not regular files are reported by the file-content rules.
                    v.add("NOT_REGULAR_FILE", relative, relative + " is not a regular file"
                            + FileContentRules.describe(entry, relative));
                }
            });
        } catch (IOException e) {
            v.add("UNREADABLE_FILE", ".", "cannot list the bundle directory: " + e.getMessage());
        }
    }

    private static void checkMode(Verification v, String relative, Set<PosixFilePermission> actual,
                                  Set<PosixFilePermission> expected) {
        if (actual != null && !actual.equals(expected)) {
            v.add("MODE", relative, relative + " has mode " + PosixFilePermissions.toString(actual) + "; bundle "
                    + (expected == DIRECTORY_MODE ? "directories are rwx------ (0700)" : "files are rw------- (0600)"));
        }
    }
}
