package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.fixtures.MalformedUtf8;
import com.androperator.evidence.simulator.fixtures.ScreenshotFixtures;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ResultEncoding;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Device bytes at the contract's sizes and failures, through {@code androperator evidence capture}
 * as a child process, the real adb server and the simulated phone. The children that move large
 * screenshots and hierarchies run with a small heap ({@value #SMALL_HEAP}, and {@value #HIERARCHY_HEAP}
 * for hierarchies): a capture that held its input in memory could not complete.
 */
class DeviceBytesCliTest {
    private static final String SMALL_HEAP = "-Xmx96m";
    private static final String HIERARCHY_HEAP = "-Xmx128m";
    private static final String PHYSICAL_ID = "4619827259835644672";
    private static final int CAP = 64 * LargeInputs.MIB;
    /** A safety net for a child that never reaches the awaited point; not a timing assertion. */
    private static final long AWAIT_LIMIT_SECONDS = 120;
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;
    private CliProcess cli;

    @BeforeEach
    void resetPhone() throws IOException {
        Map<String, String> environment = lab.environment();
        environment.put("LC_ALL", "C.UTF-8");
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    private String[] capture(Path bundle, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--timeout", "120000"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private static void screen(byte[] png) {
        lab.phone(p -> p.toBuilder().displays(DisplaySpec.of(0, PHYSICAL_ID, 4096, 5400,
                ProfileFile.inMemory("screen.png", png))).build());
    }

    // ---- the screenshot: on disk as it arrives ----------------------------------------------

    /**
     * A process killed with SIGKILL mid-transfer leaves screenshot.partial.png holding exactly the
     * bytes received so far: the device stalls after 40 MiB of its 64 MiB PNG, the test waits for
     * the file to reach that size (file events, not time), then kills the child.
     */
    @Test
    void aCaptureKilledMidTransferLeavesTheBytesReceivedSoFar() throws Exception {
        byte[] png = LargeInputs.pngOfExactly(CAP);
        int stallAt = 40 * LargeInputs.MIB;
        screen(png);
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.stallAfterBytes(stallAt)).build());
        Path bundle = temp.resolve("bundle");
        Path partial = bundle.resolve("screenshot.partial.png");

        CliProcess.Started child = cli.withJvmOptions(SMALL_HEAP).start(capture(bundle));
        try {
            awaitSize(child, temp, bundle, partial, stallAt);
        } finally {
            child.kill();
        }

        assertThat(child.awaitExit().exitCode()).isEqualTo(128 + 9);
        byte[] kept = Files.readAllBytes(partial);
        assertThat(kept.length).isEqualTo(stallAt);
        assertThat(Arrays.equals(kept, 0, kept.length, png, 0, kept.length)).as("a prefix of the device's PNG").isTrue();
        assertThat(bundle.resolve("screenshot.png")).doesNotExist();
        assertThat(bundle.resolve("manifest.json")).doesNotExist();
    }

    @Test
    void aScreenshotOfExactlySixtyFourMebibytesIsCompleteWithASmallHeap() throws IOException {
        byte[] png = LargeInputs.pngOfExactly(CAP);
        screen(png);
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = cli.withJvmOptions(SMALL_HEAP).run(capture(bundle));

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(result(run).status()).isEqualTo("complete");
        Conformance.assertConforms(bundle);
        Artifact screenshot = artifact(manifest(bundle), ArtifactKind.SCREENSHOT);
        assertThat(screenshot.bytes()).isEqualTo((long) CAP);
        assertThat(screenshot.sha256()).isEqualTo(sha256(png));
        assertThat(screenshot.image().captureWidthPx()).isEqualTo(4096);
        assertThat(screenshot.image().captureHeightPx()).isEqualTo(5400);
    }

    @Test
    void aScreenshotOneByteOverTheCapKeepsExactlyTheCapAsAPartialWithItsError() throws IOException {
        byte[] png = LargeInputs.pngOfExactly(CAP + 1);
        screen(png);
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = cli.withJvmOptions(SMALL_HEAP).run(capture(bundle));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.status()).isEqualTo("partial");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        Conformance.assertConforms(bundle);
        Manifest manifest = manifest(bundle);
        Artifact screenshot = artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(screenshot.bytes()).isEqualTo((long) CAP);
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(screenshot.error().stage()).isEqualTo("capture");
        assertThat(screenshot.error().message()).contains("over the 64 MiB cap");
        CaptureRecord record = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class)
                .stillRecords().stream().filter(r -> r.kind().equals("screenshot")).findFirst().orElseThrow();
        assertThat(record.diagnostics()).containsEntry(ErrorCodes.REASON, ErrorCodes.SCREENSHOT_FAILED);
        assertThat(screenshot.image()).isNull();
        byte[] kept = Files.readAllBytes(bundle.resolve("screenshot.partial.png"));
        assertThat(Arrays.equals(kept, 0, CAP, png, 0, CAP)).as("the first 64 MiB").isTrue();
        assertThat(bundle.resolve("screenshot.png")).doesNotExist();
        assertThat(artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
    }

    // ---- hierarchies up to the result cap, in bounded memory --------------------------------

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(longs = {50_000_000L, 180_000_000L})
    void aLargeHierarchyIsCompleteWithASmallHeapAndKeptByteForByte(long size) throws IOException {
        Path xml = LargeInputs.hierarchyFile(temp.resolve("hierarchy-source.xml"), size);
        lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(ProfileFile.onDisk(xml))
                .withEncoding(e -> e.withHierarchyBytes(ResultEncoding.HierarchyBytes.VERBATIM))).build());
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = cli.withJvmOptions(HIERARCHY_HEAP).run(capture(bundle));

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(result(run).status()).isEqualTo("complete");
        Artifact hierarchy = artifact(manifest(bundle), ArtifactKind.HIERARCHY);
        assertThat(hierarchy.bytes()).isEqualTo(Files.size(xml));
        assertThat(hierarchy.sha256()).isEqualTo(LargeInputs.sha256(xml)).isEqualTo(LargeInputs.sha256(
                bundle.resolve("hierarchy.xml")));
        Files.delete(xml);
        Conformance.assertConforms(bundle);
    }

    // ---- device text that is not UTF-8 ------------------------------------------------------

    static Stream<Arguments> invalidUtf8() {
        return MalformedUtf8.CLASSES.stream().flatMap(member -> Stream.of(
                Arguments.of(member + ", unchunked", member.bytes(), 100),
                Arguments.of(member + ", in chunks", member.bytes(), 20_000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidUtf8")
    void aHierarchyThatIsNotUtf8IsMalformedNeverComplete(String name, byte[] bad, int padding) throws IOException {
        byte[] xml = MalformedUtf8.hierarchyWith(bad, padding);
        lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", xml))
                .withEncoding(e -> e.withHierarchyBytes(ResultEncoding.HierarchyBytes.VERBATIM))).build());
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = cli.run(capture(bundle));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(result(run).status()).isEqualTo("partial");
        Conformance.assertConforms(bundle);
        Artifact hierarchy = artifact(manifest(bundle), ArtifactKind.HIERARCHY);
        assertThat(hierarchy.status()).isEqualTo(ArtifactStatus.FAILED);
        assertThat(hierarchy.error().code()).isEqualTo(ErrorCodes.RESULT_ENVELOPE_MALFORMED);
        assertThat(hierarchy.error().message()).contains("not valid UTF-8");
        assertThat(bundle.resolve("hierarchy.xml")).doesNotExist();
    }

    // ---- storage failing after both captures verified ----------------------------------------

    /**
     * {@code ulimit -f} lets every file but the manifest through: the screenshot, hierarchy and
     * captures.json are small, while a 2048-character label and a 16 KiB context (which only the
     * manifest carries) make the manifest the largest file. The kernel refuses it with EFBIG.
     */
    @Test
    void aManifestTheDiskRefusesAfterBothCapturesVerifiedIsReportedAsPartialWithWhatRemains() throws IOException {
        lab.phone(p -> p.toBuilder()
                .displays(DisplaySpec.of(0, PHYSICAL_ID, 64, 64,
                        ProfileFile.inMemory("small.png", ScreenshotFixtures.smallPng(64, 64, 3))))
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("small.xml",
                        "<hierarchy rotation=\"0\"><node text=\"ok\"/></hierarchy>".getBytes(StandardCharsets.UTF_8))))
                .build());
        String context = "{\"note\":\"" + "y".repeat(16 * 1024 - 11) + "\"}";
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = cli.withFileSizeLimitKiB(16).run(capture(bundle, "--label", "l".repeat(2048),
                "--context-json", context));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.status()).isEqualTo("partial");
        assertThat(result.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.message()).contains("the manifest could not be persisted")
                .contains("screenshot (screenshot.png) and hierarchy (hierarchy.xml)")
                .contains("What remains on disk there: screenshot.png").contains("No manifest.json was written");
        assertThat(result.details().asMap()).containsEntry("bundleDir", bundle.toString());
        try (Stream<Path> left = Files.list(bundle)) {
            assertThat(left.map(path -> path.getFileName().toString()))
                    .containsExactlyInAnyOrder("screenshot.png", "hierarchy.xml", "captures.json");
        }
    }

    /**
     * A file-size limit ({@code ulimit -f}, EFBIG) that only the ~1 MB screenshot meets: the small
     * hierarchy, captures.json and the manifest fit. The screenshot is a storage failure named
     * EFBIG in the manifest and in captures.json, as a video bundle names it, not a failed transfer;
     * what arrived is kept as screenshot.partial.png.
     */
    @Test
    void aFileSizeLimitThatStopsTheScreenshotIsAStorageFailureNamedEfbigInManifestAndCapturesJson() throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(ProfileFile.inMemory("small.xml",
                "<hierarchy rotation=\"0\"><node text=\"ok\"/></hierarchy>".getBytes(StandardCharsets.UTF_8)))).build());
        Path bundle = temp.resolve("bundle");

        CliProcess.Run run = cli.withFileSizeLimitKiB(64).run(capture(bundle));

        Manifest manifest = PartialCaptures.partialManifest(run, bundle);
        Artifact screenshot = PartialCaptures.artifact(manifest, ArtifactKind.SCREENSHOT);
        assertThat(screenshot.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(screenshot.error().message()).contains("File too large", "EFBIG");
        assertThat(PartialCaptures.artifact(manifest, ArtifactKind.HIERARCHY).status()).isEqualTo(ArtifactStatus.COMPLETE);
        CapturesFile captures = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class);
        CaptureRecord record = captures.stillRecords().get(0);
        assertThat(record.errorCode()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(record.result().asMap().get("error")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .extracting("details").asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("causeCode", "EFBIG");
        assertThat(bundle.resolve("screenshot.png")).doesNotExist();
        assertThat(bundle.resolve("screenshot.partial.png")).isNotEmptyFile();
    }

    /** Waits (on file events, never on time) until {@code file} holds {@code size} bytes. */
    private static void awaitSize(CliProcess.Started child, Path parent, Path directory, Path file, long size) throws Exception {
        long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_LIMIT_SECONDS);
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            parent.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            boolean watchingDirectory = false;
            while (true) {
                if (!watchingDirectory && Files.isDirectory(directory)) {
                    directory.register(watch, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
                    watchingDirectory = true;
                }
                if (Files.exists(file) && Files.size(file) >= size) {
                    return;
                }
                assertThat(child.isAlive()).as("the capture is still running").isTrue();
                long left = limit - System.nanoTime();
                assertThat(left).as("%s reached %d bytes", file, size).isPositive();
                WatchKey key = watch.poll(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
    }

    private static String sha256(byte[] bytes) throws IOException {
        try (InputStream in = new java.io.ByteArrayInputStream(bytes)) {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(in.readAllBytes()));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }

    private static Manifest manifest(Path bundle) throws IOException {
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        assertThat(manifest.status()).isIn(BundleStatus.COMPLETE, BundleStatus.PARTIAL, BundleStatus.FAILED);
        return manifest;
    }

    private static Artifact artifact(Manifest manifest, ArtifactKind kind) {
        return manifest.artifacts().stream().filter(a -> a.kind() == kind).findFirst().orElseThrow();
    }
}
