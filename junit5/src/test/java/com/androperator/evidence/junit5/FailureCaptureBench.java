package com.androperator.evidence.junit5;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.CaptureOptions;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Not a test: prints what capturing on failure adds to a failing test. Runs the same failing test
 * through the test kit with the extension (the sample Pixel on a private adb server, a complete
 * bundle each time) and without it, after warm-up runs, and prints median, min and max wall time
 * of each run, the extension's own {@code captureMs} and, for scale, the same capture through the
 * Java API directly. Asserts nothing.
 *
 * <pre>{@code
 * mvn -q -pl junit5 -am test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp junit5/target/test-classes:junit5/target/classes:$(cat junit5/target/test-classpath.txt) \
 *     com.androperator.evidence.junit5.FailureCaptureBench [iterations]
 * }</pre>
 */
public final class FailureCaptureBench {
    private static final int WARM_UP = 5;

    private FailureCaptureBench() {
    }

    public static void main(String[] args) throws IOException {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        Path root = Files.createTempDirectory("failure-capture-bench");
        try (PrivateAdbLab lab = PrivateAdbLab.withSamplePhone()) {
            Map<String, String> parameters = FixtureRun.labParameters(lab, root);
            List<Long> with = new ArrayList<>();
            List<Long> without = new ArrayList<>();
            List<Long> captureMs = new ArrayList<>();
            List<Long> direct = new ArrayList<>();
            CaptureOptions options = CaptureOptions.builder().deviceSerial(lab.serial())
                    .operatorPackage(AdbLab.OPERATOR).label("FailureCaptureBench#direct failed").build();
            CaptureDependencies dependencies = CaptureDependencies.builder().environment(lab.environment())
                    .bundlesRoot(Files.createDirectories(root.resolve("direct"))).build();
            for (int i = 0; i < WARM_UP + iterations; i++) {
                long started = System.nanoTime();
                FixtureRun captured = FixtureRun.of(Fixtures.Outcomes.class, "fails").parameters(parameters).run();
                long withMs = (System.nanoTime() - started) / 1_000_000;
                started = System.nanoTime();
                FixtureRun.of(Fixtures.WithoutExtension.class, "fails").parameters(parameters).run();
                long withoutMs = (System.nanoTime() - started) / 1_000_000;
                started = System.nanoTime();
                if (!EvidenceCapture.captureEvidence(options, dependencies).succeeded()) {
                    throw new IllegalStateException("the direct capture was not complete");
                }
                long directMs = (System.nanoTime() - started) / 1_000_000;
                Map<String, String> entry = captured.evidence("fails");
                if (!"complete".equals(entry.get(Bundles.STATUS))) {
                    throw new IllegalStateException("not complete: " + entry);
                }
                if (i >= WARM_UP) {
                    with.add(withMs);
                    without.add(withoutMs);
                    captureMs.add(Long.parseLong(entry.get(Bundles.CAPTURE_MS)));
                    direct.add(directMs);
                }
            }
            System.out.printf(Locale.ROOT, "%d measured runs after %d warm-up runs (sample Pixel, 1080x2400)%n",
                    iterations, WARM_UP);
            print("failing test, no extension", without);
            print("failing test, extension", with);
            print("extension captureMs", captureMs);
            print("Java API captureEvidence", direct);
            List<Long> added = new ArrayList<>();
            for (int i = 0; i < with.size(); i++) {
                added.add(with.get(i) - without.get(i));
            }
            print("added per failing test", added);
        }
    }

    private static void print(String name, List<Long> millis) {
        List<Long> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        System.out.printf(Locale.ROOT, "%-28s median %4d ms  min %4d  max %4d%n", name, sorted.get(sorted.size() / 2),
                sorted.get(0), sorted.get(sorted.size() - 1));
    }
}
