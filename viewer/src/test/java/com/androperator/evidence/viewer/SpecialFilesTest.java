package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.VerificationReport;
import com.androperator.evidence.simulator.lab.FifoSwap;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify and view against a FIFO, a device and a socket where manifest.json belongs, and against
 * a manifest.json that a loop keeps swapping for a FIFO between their type check and their open
 * (issue 27, item 3): every run ends with a report and a page. The timeouts only guard against
 * a hang; nothing about time is asserted.
 */
class SpecialFilesTest {
    private static final int RUNS = 40;

    @TempDir
    Path root;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void aManifestSwappedForAFifoInALoopNeverHangsVerifyOrView() throws Exception {
        Path bundle = Files.createDirectories(root.resolve("bundle"));
        Path regular = Files.writeString(root.resolve("manifest.regular"), "{}");
        int caught = 0;
        try (FifoSwap swap = FifoSwap.start(bundle.resolve("manifest.json"), regular, root.resolve("manifest.fifo"))) {
            for (int i = 0; i < RUNS; i++) {
                VerificationReport report = new BundleVerifier().verify(bundle);
                assertThat(report.problems()).as("run " + i).isNotEmpty();
                caught += report.problems().stream().anyMatch(p -> p.message().contains("did not open within")) ? 1 : 0;
                EvidenceViewer.Outcome page = new EvidenceViewer().view(bundle.toString(),
                        root.resolve("page-" + i + ".html").toString(), false);
                assertThat(page).as("run " + i).isInstanceOf(EvidenceViewer.Outcome.Written.class);
            }
        }
        System.out.printf("%d verify runs: %d met a FIFO swapped in between type check and open%n", RUNS, caught);
    }

    @Test
    void aFifoWhereTheManifestBelongsIsReportedNotOpened() throws Exception {
        Path bundle = Files.createDirectories(root.resolve("bundle"));
        FifoSwap.mkfifo(bundle.resolve("manifest.json"));
        assertRefused(bundle);
    }

    @Test
    void aSocketWhereTheManifestBelongsIsReportedNotOpened() throws Exception {
        Path bundle = Files.createDirectories(root.resolve("bundle"));
        try (ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            socket.bind(UnixDomainSocketAddress.of(bundle.resolve("manifest.json")));
            assertRefused(bundle);
        }
    }

    @Test
    void aDeviceWhereTheManifestBelongsIsReportedNotOpened() throws Exception {
        Path bundle = Files.createDirectories(root.resolve("bundle"));
        Process mknod = new ProcessBuilder("mknod", bundle.resolve("manifest.json").toString(), "c", "1", "3")
                .redirectErrorStream(true).start();
        assumeTrue(mknod.waitFor() == 0, "making a device node (/dev/null's numbers) needs root");
        assertRefused(bundle);
    }

    private void assertRefused(Path bundle) {
        VerificationReport report = new BundleVerifier().verify(bundle);
        assertThat(report.has("NOT_REGULAR_FILE", "manifest.json")).as(report.toString()).isTrue();
        EvidenceViewer.Outcome page = new EvidenceViewer().view(bundle.toString(), root.resolve("page.html").toString(), false);
        assertThat(page).isInstanceOf(EvidenceViewer.Outcome.Written.class);
    }
}
