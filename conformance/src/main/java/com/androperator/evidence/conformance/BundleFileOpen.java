package com.androperator.evidence.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Opens a bundle file for reading so that a reader never waits for ever. A file's type is read
 * first, but another user who can write the bundle directory can swap a FIFO in before the open:
 * open(2) of a FIFO for reading then blocks until a writer appears, and Java 17 cannot pass
 * O_NONBLOCK ({@code openat(dir, name, O_RDONLY|O_NOFOLLOW)} is all the JDK issues). So the open
 * runs on a daemon thread of a shared pool and is given {@link #DEADLINE_SECONDS}; past it the file
 * is reported unreadable, and a channel that opens later is closed at once. A thread caught by such
 * a FIFO stays blocked until the FIFO gets a writer or the process ends (it is a daemon thread and
 * keeps no process alive). What opened is judged from the descriptor itself: it must be seekable,
 * which a FIFO, a socket and a terminal are not.
 */
public final class BundleFileOpen {
    /** Far longer than any open of a regular file takes, even on a slow network file system. */
    public static final int DEADLINE_SECONDS = 5;

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

    private static final ExecutorService OPENERS = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "bundle-file-open");
        thread.setDaemon(true);
        return thread;
    });

    /** One open(2) of a file, as a channel. */
    @FunctionalInterface
    interface Opener {
        SeekableByteChannel open() throws IOException;
    }

    private BundleFileOpen() {
    }

    /** Opens {@code file} for reading, never through a symbolic link at its last component. */
    public static InputStream open(Path file) throws IOException {
        return open(() -> Files.newByteChannel(file, READ), String.valueOf(file.getFileName()));
    }

    /** Runs {@code opener} under the deadline and returns what it opened, once judged a regular file. */
    static InputStream open(Opener opener, String name) throws IOException {
        CompletableFuture<SeekableByteChannel> opening = CompletableFuture.supplyAsync(() -> {
            try {
                return opener.open();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, OPENERS);
        SeekableByteChannel channel = await(opening, name);
        try {
            channel.position();
        } catch (IOException e) {
            channel.close();
            throw new IOException(name + " is not a regular file (what opened cannot seek: a FIFO, socket or device)");
        }
        return Channels.newInputStream(channel);
    }

    private static SeekableByteChannel await(CompletableFuture<SeekableByteChannel> opening, String name)
            throws IOException {
        try {
            return opening.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            opening.thenAccept(BundleFileOpen::closeQuietly);
            throw new IOException(name + " did not open within " + DEADLINE_SECONDS
                    + " s: a FIFO or device there waits for a writer, so it is not read");
        } catch (InterruptedException e) {
            opening.thenAccept(BundleFileOpen::closeQuietly);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while opening " + name);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException unchecked) {
                throw unchecked.getCause();
            }
            throw new IOException(name + " cannot be opened: " + e.getCause(), e.getCause());
        }
    }

    private static void closeQuietly(SeekableByteChannel late) {
        try {
            late.close();
        } catch (IOException e) {
            // Nothing was read from it; a failed close leaves nothing to report.
        }
    }
}
