package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.simulator.lab.FifoSwap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
        CliProcess cli = new CliProcess(Map.of("PATH", "/usr/bin:/bin", "HOME", root.toString(), "LC_ALL", "C.UTF-8"),
                root);
        try (FifoSwap swap = FifoSwap.start(bundle.resolve("manifest.json"), regular, root.resolve("manifest.fifo"))) {
            for (int i = 0; i < RUNS; i++) {
                CliProcess.Run verify = cli.run("evidence", "verify", bundle.toString());
                assertThat(verify.exitCode()).as(verify.toString()).isEqualTo(1);
                assertThat(ContractJson.mapper().readTree(verify.stdout()).get("ok").asBoolean()).isFalse();
                CliProcess.Run view = cli.run("evidence", "view", bundle.toString(), "--out",
                        root.resolve("page-" + i + ".html").toString());
                assertThat(view.exitCode()).as(view.toString()).isZero();
                assertThat(root.resolve("page-" + i + ".html")).isRegularFile();
            }
        }
    }
}
