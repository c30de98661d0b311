package com.androperator.evidence.mcp;

import com.androperator.evidence.mcp.EvidenceUris.BundleFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The managed bundles under the evidence root, read-only: {@code <root>/bundles/<id>/<file>} and
 * nothing else. A bundle directory and a file are opened relative to their parent without
 * following a link (openat with O_NOFOLLOW through {@link SecureDirectoryStream}), so a link
 * planted as a bundle or inside one, or swapped in after a check, is never followed; only regular
 * files are served. The root is resolved at each request, as the tools resolve it.
 */
final class EvidenceBundles {
    private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;

    /** A bundle directory and when it last changed. */
    record Bundle(String id, long modifiedMillis) {
        Bundle {
            if (!EvidenceUris.isName(id)) {
                throw new IllegalArgumentException("a bundle is named by a plain name");
            }
        }
    }

    /** A regular file directly inside a bundle. */
    record FileEntry(BundleFile file, long size) {
        FileEntry {
            if (file == null || size < 0) {
                throw new IllegalArgumentException("a file entry names a file and a size of at least 0");
            }
        }
    }

    /** An open regular file of a bundle; the caller closes it. */
    record OpenFile(BundleFile file, long size, SeekableByteChannel channel) implements AutoCloseable {
        InputStream stream() {
            return Channels.newInputStream(channel);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Newest first; the id orders bundles changed in the same millisecond. */
    static final Comparator<Bundle> NEWEST_FIRST = Comparator.comparingLong(Bundle::modifiedMillis).reversed()
            .thenComparing(Bundle::id);

    private final Supplier<Optional<Path>> bundlesRoot;

    /** {@code bundlesRoot}: {@code <evidence root>/bundles} as configured now, or empty when no root can be resolved. */
    EvidenceBundles(Supplier<Optional<Path>> bundlesRoot) {
        this.bundlesRoot = bundlesRoot;
    }

    /** Every bundle directory (links and odd names left out), newest first. */
    List<Bundle> newestFirst() throws IOException {
        List<Bundle> bundles = new ArrayList<>();
        try (SecureDirectoryStream<Path> root = openRoot()) {
            if (root == null) {
                return bundles;
            }
            for (Path entry : root) {
                String name = entry.getFileName().toString();
                if (!EvidenceUris.isName(name)) {
                    continue;
                }
                BasicFileAttributes attributes = attributes(root, entry);
                if (attributes != null && attributes.isDirectory()) {
                    bundles.add(new Bundle(name, attributes.lastModifiedTime().toMillis()));
                }
            }
        }
        bundles.sort(NEWEST_FIRST);
        return bundles;
    }

    /** The regular files of one bundle by name (manifest.json first), or empty when there is no such bundle directory. */
    List<FileEntry> files(String bundleId) throws IOException {
        List<FileEntry> files = new ArrayList<>();
        try (SecureDirectoryStream<Path> root = openRoot();
             SecureDirectoryStream<Path> bundle = openBundle(root, bundleId)) {
            if (bundle == null) {
                return files;
            }
            for (Path entry : bundle) {
                String name = entry.getFileName().toString();
                BasicFileAttributes attributes = EvidenceUris.isName(name) ? attributes(bundle, entry) : null;
                if (attributes != null && attributes.isRegularFile()) {
                    files.add(new FileEntry(new BundleFile(bundleId, name), attributes.size()));
                }
            }
        }
        files.sort(Comparator.comparing((FileEntry entry) -> !entry.file().file().equals("manifest.json"))
                .thenComparing(entry -> entry.file().file()));
        return files;
    }

    /** The file opened for reading, or empty when it is not a regular file of a bundle directory (a link is neither). */
    Optional<OpenFile> open(BundleFile file) throws IOException {
        try (SecureDirectoryStream<Path> root = openRoot();
             SecureDirectoryStream<Path> bundle = openBundle(root, file.bundleId())) {
            if (bundle == null) {
                return Optional.empty();
            }
            Path name = Path.of(file.file());
            BasicFileAttributes attributes = attributes(bundle, name);
            if (attributes == null || !attributes.isRegularFile()) {
                return Optional.empty();
            }
            SeekableByteChannel channel = bundle.newByteChannel(name, Set.of(StandardOpenOption.READ, NOFOLLOW));
            return Optional.of(new OpenFile(file, channel.size(), channel));
        }
    }

    /** At most {@code limit} bytes of a file, or empty when it is missing or longer. */
    Optional<byte[]> readAtMost(BundleFile file, int limit) throws IOException {
        Optional<OpenFile> opened = open(file);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (OpenFile open = opened.get()) {
            return open.size() > limit ? Optional.empty() : Optional.of(readAll(open, limit));
        }
    }

    /** The whole file, {@code limit} bytes at most (a file that grew since it was opened is cut there). */
    static byte[] readAll(OpenFile open, int limit) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(limit, open.size()));
        while (buffer.hasRemaining() && open.channel().read(buffer) > 0) {
            // Read until full or at the end.
        }
        byte[] bytes = new byte[buffer.position()];
        buffer.flip().get(bytes);
        return bytes;
    }

    /** {@code <root>/bundles} opened as a directory that is no link, or null when there is none. */
    private SecureDirectoryStream<Path> openRoot() throws IOException {
        Optional<Path> root = bundlesRoot.get();
        if (root.isEmpty() || !Files.isDirectory(root.get(), NOFOLLOW)) {
            return null;
        }
        DirectoryStream<Path> stream = Files.newDirectoryStream(root.get());
        if (stream instanceof SecureDirectoryStream<Path> secure) {
            return secure;
        }
        stream.close();
        throw new IOException("this file system cannot open a directory without following links, so bundles are not served");
    }

    private static SecureDirectoryStream<Path> openBundle(SecureDirectoryStream<Path> root, String bundleId)
            throws IOException {
        if (root == null || !EvidenceUris.isName(bundleId)) {
            return null;
        }
        Path name = Path.of(bundleId);
        BasicFileAttributes attributes = attributes(root, name);
        if (attributes == null || !attributes.isDirectory()) {
            return null;
        }
        try {
            return root.newDirectoryStream(name, NOFOLLOW);
        } catch (IOException e) {
            // Replaced by a link (ELOOP) or removed since it was looked at.
            return null;
        }
    }

    private static BasicFileAttributes attributes(SecureDirectoryStream<Path> directory, Path entry) {
        try {
            return directory.getFileAttributeView(entry.getFileName(), BasicFileAttributeView.class, NOFOLLOW)
                    .readAttributes();
        } catch (IOException e) {
            return null;
        }
    }
}
