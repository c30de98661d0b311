package com.androperator.evidence.distribution;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/** The archives this module built (failsafe passes their directory and name), and how to read and unpack them. */
final class ReleaseArchives {
    static final Path DIRECTORY = Path.of(System.getProperty("release.directory", "target"));
    static final String NAME = System.getProperty("release.name", "androperator-0.1.0");
    static final String VERSION = NAME.substring("androperator-".length());
    static final Path BUNDLED_ARTIFACTS = Path.of(System.getProperty("release.bundled-artifacts",
            "target/bundled-artifacts.txt"));

    /** One archive file and the directory it unpacks to. */
    enum Variant {
        PLAIN_TAR_GZ(NAME + ".tar.gz", NAME, false),
        PLAIN_ZIP(NAME + ".zip", NAME, false),
        LINUX_X64_TAR_GZ(NAME + "-linux-x64.tar.gz", NAME + "-linux-x64", true),
        /** Not a release file: the linux-x64 archive with the build's JDK 17 runtime, the release's other kind. */
        LINUX_X64_JDK17_TAR_GZ("jdk17/" + NAME + "-linux-x64.tar.gz", NAME + "-linux-x64", true);

        final String file;
        final String baseDirectory;
        final boolean bundlesRuntime;

        Variant(String file, String baseDirectory, boolean bundlesRuntime) {
            this.file = file;
            this.baseDirectory = baseDirectory;
            this.bundlesRuntime = bundlesRuntime;
        }

        Path archive() {
            return DIRECTORY.resolve(file);
        }

        boolean isZip() {
            return file.endsWith(".zip");
        }
    }

    /** The CLI's AOT cache, which a linux-x64 archive holds when its runtime is a JDK 25 or newer. */
    static final String AOT_CACHE = "lib/androperator.aot";
    /** The AOT cache {@code --version} maps, shipped beside {@link #AOT_CACHE}. */
    static final String AOT_VERSION_CACHE = "lib/androperator-version.aot";
    /** The AOT caches of {@code --help}, {@code evidence verify} and {@code evidence view}, beside {@link #AOT_CACHE}. */
    static final List<String> AOT_COMMAND_CACHES = List.of("lib/androperator-help.aot", "lib/androperator-verify.aot",
            "lib/androperator-view.aot");
    /** The MCP server's AOT cache, shipped beside {@link #AOT_CACHE}. */
    static final String AOT_SERVER_CACHE = "lib/androperator-mcp.aot";

    /** An entry as the archive records it: its path, Unix mode (permission bits), kind and time. */
    record Entry(String name, int mode, boolean directory, boolean symbolicLink, FileTime modified) {
    }

    private ReleaseArchives() {
    }

    static List<Entry> entries(Variant variant) {
        List<Entry> entries = new ArrayList<>();
        try {
            if (variant.isZip()) {
                try (ZipFile zip = ZipFile.builder().setPath(variant.archive()).get()) {
                    for (ZipArchiveEntry entry : java.util.Collections.list(zip.getEntries())) {
                        entries.add(new Entry(entry.getName(), entry.getUnixMode() & 07777, entry.isDirectory(),
                                entry.isUnixSymlink(), FileTime.from(entry.getLastModifiedDate().toInstant())));
                    }
                }
            } else {
                try (InputStream file = Files.newInputStream(variant.archive());
                     TarArchiveInputStream tar = new TarArchiveInputStream(new GzipCompressorInputStream(file))) {
                    for (TarArchiveEntry entry; (entry = tar.getNextEntry()) != null; ) {
                        entries.add(new Entry(entry.getName(), entry.getMode() & 07777, entry.isDirectory(),
                                entry.isSymbolicLink(), entry.getLastModifiedTime()));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + variant.archive(), e);
        }
        return entries;
    }

    /**
     * Unpacks as a user would: {@code tar -xzf} for a tar.gz; for the zip (unzip is not on every
     * machine) each entry with its recorded Unix mode and time, as unzip does. Returns the unpacked tree.
     */
    static Path unpack(Variant variant, Path into) {
        try {
            if (variant.isZip()) {
                try (ZipFile zip = ZipFile.builder().setPath(variant.archive()).get()) {
                    for (ZipArchiveEntry entry : java.util.Collections.list(zip.getEntries())) {
                        Path target = into.resolve(entry.getName()).normalize();
                        if (!target.startsWith(into)) {
                            throw new IllegalStateException("entry outside the archive's tree: " + entry.getName());
                        }
                        if (entry.isDirectory()) {
                            Files.createDirectories(target);
                            continue;
                        }
                        Files.createDirectories(target.getParent());
                        try (InputStream in = zip.getInputStream(entry)) {
                            Files.copy(in, target);
                        }
                        Files.setPosixFilePermissions(target, permissions(entry.getUnixMode()));
                        Files.setLastModifiedTime(target, FileTime.from(entry.getLastModifiedDate().toInstant()));
                    }
                }
            } else {
                Launch.Result tar = Launch.command("tar", "-xzf", variant.archive().toString(), "-C", into.toString())
                        .run();
                if (tar.status() != 0) {
                    throw new IllegalStateException("tar failed: " + tar);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack " + variant.archive(), e);
        }
        return into.resolve(variant.baseDirectory);
    }

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_READ, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.OWNER_READ};
        for (int bit = 0; bit < order.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                permissions.add(order[bit]);
            }
        }
        return permissions;
    }
}
