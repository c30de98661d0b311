package com.androperator.evidence.viewer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Function;

/**
 * Writes a page without ever showing a half-written one or replacing a file by accident: the
 * bytes go to a private (0600) temporary file beside the target, are flushed to disk, and then
 * take the target's name — by a hard link, which fails if the name was taken meanwhile, or, when
 * replacing was asked for, by an atomic rename. On any failure the temporary file is removed.
 */
final class PageFile {
    private PageFile() {
    }

    /** Writes through {@code body} and returns its result and the page's size. */
    static <T> Written<T> write(Path page, boolean replace, Function<HtmlOut, T> body) throws IOException {
        Path directory = page.getParent();
        Path temporary = Files.createTempFile(directory, "." + page.getFileName() + ".", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        boolean placed = false;
        try {
            T result;
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                OutputStream bytes = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
                Writer text = new OutputStreamWriter(bytes, StandardCharsets.UTF_8);
                try {
                    result = body.apply(new HtmlOut(text, bytes));
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
                text.flush();
                bytes.flush();
                channel.force(true);
            }
            long size = Files.size(temporary);
            if (replace) {
                Files.move(temporary, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                claim(page, temporary);
            }
            placed = true;
            return new Written<>(result, size);
        } finally {
            if (!placed) {
                Files.deleteIfExists(temporary);
            }
        }
    }

    /**
     * Gives the temporary file the page's name unless the name is taken. A hard link does that
     * atomically; on a file system without hard links, a rename after a check is the fallback.
     */
    private static void claim(Path page, Path temporary) throws IOException {
        try {
            Files.createLink(page, temporary);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (UnsupportedOperationException | java.nio.file.FileSystemException e) {
            Files.move(temporary, page);
            return;
        }
        Files.delete(temporary);
    }

    record Written<T>(T result, long bytes) {
    }

    /** Whether {@code failure} means the name was taken while the page was being written. */
    static boolean nameTaken(IOException failure) {
        return failure instanceof FileAlreadyExistsException;
    }
}
