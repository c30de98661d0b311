package com.androperator.evidence.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each hostile bundle through the verifier's Java API: caught with its problem, or (the valid one) accepted. */
class HostileBundleVerificationTest {
    @TempDir
    Path root;

    static Stream<HostileBundles.Recipe> recipes() {
        return HostileBundles.recipes().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recipes")
    void theVerifierCatchesIt(HostileBundles.Recipe recipe) {
        HostileBundles.Built built = recipe.build().apply(root.resolve("bundle"));
        VerificationReport report = new BundleVerifier().verify(built.dir());
        if (built.code() == null) {
            assertThat(report.problems()).isEmpty();
        } else {
            assertThat(report.problems()).as(report.toString())
                    .anyMatch(p -> p.code().equals(built.code()) && p.path().equals(built.file()));
            assertThat(report.problems()).noneMatch(p -> p.code().equals("UNREADABLE_FILE"));
        }
    }

    @Test
    void aTwoGibSparseNonPngListedCompleteWithItsTrueHashFails() {
        HostileBundles.Built built = HostileBundles.twoGibNotPng(root.resolve("bundle"));
        long heapBefore = usedHeap();
        long started = System.nanoTime();
        VerificationReport report = new BundleVerifier().verify(built.dir());
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        assertThat(report.has("PNG_INVALID", "screenshot.png")).as(report.toString()).isTrue();
        assertThat(report.problems()).extracting(Problem::code).doesNotContain("HASH_MISMATCH", "SIZE_MISMATCH");
        System.out.printf("verify of a 2 GiB screenshot through the API: %d ms, heap in use %d MiB before, %d MiB after%n",
                elapsedMs, heapBefore >> 20, usedHeap() >> 20);
    }

    private static long usedHeap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
