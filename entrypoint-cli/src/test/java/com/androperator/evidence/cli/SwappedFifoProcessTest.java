package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27, item 3, through bin/androperator as a user runs it: while a loop keeps swapping a
 * bundle's manifest.json for a FIFO, 40 runs of {@code evidence verify} and 40 of {@code evidence
 * view} each end with their JSON result and documented exit status (1 for the report of a broken
 * bundle, 0 once the page is written). A hang would be cut off by CliProcess's own limit; nothing
 * about time is asserted.
 */
class SwappedFifoProcessTest {
    private static final int RUNS = 40;

    @TempDir
    Path root;

    @Test
    void verifyAndViewAlwaysAnswerWhileTheManifestIsSwappedForAFifo() throws Exception {
        Path bundle = Files.createDirectories(root.resolve("bundle"));
        Path regular = Files.writeString(root.resolve("manifest.regular"), "{}");
        Path fifo = root.resolve("manifest.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor()).isZero();
        CliProcess cli = new CliProcess(Map.of("PATH", "/usr/bin:/bin", "HOME", root.toString(), "LC_ALL", "C.UTF-8"),
                root);
        AtomicBoolean swapping = new AtomicBoolean(true);
        Thread swapper = new Thread(() -> swap(bundle.resolve("manifest.json"), regular, fifo, swapping), "swapper");
        swapper.start();
        try {
            for (int i = 0; i < RUNS; i++) {
                CliProcess.Run verify = cli.run("evidence", "verify", bundle.toString());
                assertThat(verify.exitCode()).as(verify.toString()).isEqualTo(1);
                assertThat(ContractJson.mapper().readTree(verify.stdout()).get("ok").asBoolean()).isFalse();
                CliProcess.Run view = cli.run("evidence", "view", bundle.toString(), "--out",
                        root.resolve("page-" + i + ".html").toString());
                assertThat(view.exitCode()).as(view.toString()).isZero();
                assertThat(root.resolve("page-" + i + ".html")).isRegularFile();
            }
        } finally {
            swapping.set(false);
            swapper.join();
            // Opening a FIFO for reading and writing never waits, and gives a reader still waiting its writer.
            FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
        }
    }

    /** Replaces {@code target} atomically, again and again, by the FIFO and by the regular file. */
    private static void swap(Path target, Path regular, Path fifo, AtomicBoolean swapping) {
        Path staged = regular.resolveSibling("staged");
        try {
            while (swapping.get()) {
                for (Path next : new Path[] {fifo, regular}) {
                    Files.deleteIfExists(staged);
                    Files.createLink(staged, next);
                    Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("the swapping loop failed", e);
        }
    }
}
