package com.androperator.evidence.simulator.lab;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A bundle file that a hostile neighbour keeps replacing, atomically and in a loop, by a FIFO and by
 * a regular file: what a reader sees between its type check and its open. Closing stops the loop
 * and releases any reader still waiting on the FIFO.
 */
public final class FifoSwap implements AutoCloseable {
    private final Path fifo;
    private final AtomicBoolean swapping = new AtomicBoolean(true);
    private final Thread swapper;

    private FifoSwap(Path target, Path regular, Path fifo) {
        this.fifo = fifo;
        this.swapper = new Thread(() -> swap(target, regular, fifo), "fifo-swap");
    }

    /** Starts replacing {@code target} by {@code regular} and a new FIFO at {@code fifo}. */
    public static FifoSwap start(Path target, Path regular, Path fifo) throws IOException, InterruptedException {
        FifoSwap swap = new FifoSwap(target, regular, mkfifo(fifo));
        swap.swapper.start();
        return swap;
    }

    /** Makes a FIFO at {@code path} with the system's mkfifo. */
    public static Path mkfifo(Path path) throws IOException, InterruptedException {
        int status = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor();
        if (status != 0) {
            throw new IOException("mkfifo " + path + " exited " + status);
        }
        return path;
    }

    private void swap(Path target, Path regular, Path fifoPath) {
        Path staged = regular.resolveSibling("staged");
        try {
            while (swapping.get()) {
                for (Path next : new Path[] {fifoPath, regular}) {
                    Files.deleteIfExists(staged);
                    Files.createLink(staged, next);
                    Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("the swapping loop failed", e);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        swapping.set(false);
        swapper.join();
        // Opening a FIFO for reading and writing never waits, and gives any reader still waiting its writer.
        FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
    }
}
