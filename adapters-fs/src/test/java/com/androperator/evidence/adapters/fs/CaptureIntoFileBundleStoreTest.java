package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.adapters.media.XmlHierarchyVerifier;
import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.conformance.VerificationReport;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.capture.BundleLocation;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.capture.CaptureCommand;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.fakes.FakeOperator;
import com.androperator.evidence.domain.fakes.FakeScreenshots;
import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.model.Observation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The still-capture use case with the domain's fakes for the device, but the real file store,
 * the real PNG and XML verifiers: every bundle it produces conforms to the contract.
 */
class CaptureIntoFileBundleStoreTest {
    private static final byte[] PNG = TestPngs.png(72, 160);

    @TempDir
    Path root;

    private static CaptureRig rig(FileSystemOps ops) {
        CaptureRig rig = new CaptureRig()
                .withStore(new FileBundleStore(ops))
                .withImageVerifier(new PngVerifier())
                .withHierarchyVerifier(new XmlHierarchyVerifier());
        rig.screenshots().behaving(FakeScreenshots.delivering(PNG, 350));
        return rig;
    }

    record Scenario(String name, BundleStatus expected, Consumer<CaptureRig> setUp) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> scenarios() {
        return Stream.of(
                new Scenario("complete", BundleStatus.COMPLETE, rig -> { }),
                new Scenario("budget expires mid-screenshot: partial bytes kept, hierarchy never dispatched",
                        BundleStatus.FAILED,
                        rig -> rig.screenshots().behaving(FakeScreenshots.delivering(PNG, 40_000))),
                new Scenario("corrupt PNG delivered completely", BundleStatus.PARTIAL,
                        rig -> rig.screenshots().behaving(FakeScreenshots.delivering(TestPngs.truncated(PNG, PNG.length - 9), 300))),
                new Scenario("screenshot transport throws", BundleStatus.PARTIAL,
                        rig -> rig.screenshots().behaving(FakeScreenshots.throwing(new IllegalStateException("adb closed")))),
                new Scenario("hierarchy times out on the evidence deadline", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT,
                                FakeOperator.taking(60_000, FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)))),
                new Scenario("malformed XML kept as a partial file", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.snapshot("<hierarchy><node></hierarchy>"))),
                new Scenario("operator error code", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT,
                                FakeOperator.failing("UI_TREE_UNAVAILABLE", "accessibility root is null"))),
                new Scenario("locked device", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.READINESS, FakeOperator.readiness("true", "true", "true"))),
                new Scenario("transport exited", BundleStatus.PARTIAL,
                        rig -> rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.notAnswered(
                                ErrorCodes.RESULT_TRANSPORT_EXITED, "logcat exited", "await_result", true,
                                Map.of("exitStatus", 1, "chunksReceived", 0)))),
                new Scenario("metadata unavailable makes usable evidence partial", BundleStatus.PARTIAL,
                        rig -> rig.metadata().withProperties(
                                Observation.<PropertyInventory>unavailable(ErrorCodes.COMMAND_TIMEOUT, "getprop timed out"))),
                new Scenario("emulator flags", BundleStatus.COMPLETE,
                        rig -> rig.metadata().withProperties(Map.of("ro.build.version.sdk", "34",
                                "ro.build.version.release", "14", "ro.product.manufacturer", "Google",
                                "ro.product.model", "sdk_gphone64", "ro.kernel.qemu", "1", "ro.boot.qemu", "0"))),
                new Scenario("getprop garbled around an emulator flag: unknown device type", BundleStatus.PARTIAL,
                        rig -> rig.metadata().withProperties(Observation.of(new PropertyInventory(Map.of(
                                "ro.build.version.sdk", "34", "ro.kernel.qemu", "1"), false)))),
                new Scenario("every metadata read fails after device selection", BundleStatus.PARTIAL, rig -> rig.metadata()
                        .withProperties(Observation.<PropertyInventory>unavailable(ErrorCodes.METADATA_UNAVAILABLE, "getprop exited 1"))
                        .withSize(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "wm size exited 1"))
                        .withDensity(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "wm density exited 1"))
                        .withRotation(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "no viewport"))
                        .withOperatorVersion(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "no versionName"))),
                new Scenario("Operator not installed: hierarchy fails, operatorVersion is null", BundleStatus.PARTIAL, rig -> {
                    rig.operator().on(FakeOperator.READINESS, FakeOperator.notAnswered(ErrorCodes.OPERATOR_NOT_INSTALLED,
                            "com.androperator.operator.dev is not installed", "installed_check", false, Map.of()));
                    rig.metadata().withOperatorVersion(Observation.unavailable(ErrorCodes.OPERATOR_NOT_INSTALLED,
                            "com.androperator.operator.dev is not installed"));
                }),
                new Scenario("neither capture usable", BundleStatus.FAILED, rig -> {
                    rig.screenshots().behaving(FakeScreenshots.throwing(new IllegalStateException("adb closed")));
                    rig.operator().on(FakeOperator.SNAPSHOT, FakeOperator.failing("SERVICE_UNAVAILABLE", "service off"));
                })).map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void everyBundleTheCaptureProducesConforms(Scenario scenario) throws IOException {
        CaptureRig rig = rig(FileSystemOps.SYSTEM);
        scenario.setUp().accept(rig);
        Path bundle = root.resolve("bundle");

        CaptureOutcome outcome = rig.capture(CaptureRig.request(bundle.toString()));

        assertThat(outcome).isInstanceOf(CaptureOutcome.Finished.class);
        CaptureOutcome.Finished finished = (CaptureOutcome.Finished) outcome;
        assertThat(finished.manifestPath()).isEqualTo(bundle.resolve("manifest.json"));
        assertThat(finished.manifest().status()).isEqualTo(scenario.expected());
        assertThat(ContractJson.read(Files.readAllBytes(finished.manifestPath()), Manifest.class))
                .isEqualTo(finished.manifest());
        Conformance.assertConforms(bundle);
    }

    @Test
    void aCompleteCaptureKeepsTheCallersVerdictAndRecordsGeometryFromTheSavedPng() throws IOException {
        CaptureRig rig = rig(FileSystemOps.SYSTEM);
        Path bundle = root.resolve("bundle");
        Manifest manifest = ((CaptureOutcome.Finished) rig.capture(CaptureRig.request(bundle.toString()))).manifest();

        assertThat(manifest.context().asMap()).containsEntry("originalVerdict", "failed");
        assertThat(manifest.artifacts().get(0).image().captureWidthPx()).isEqualTo(72);
        assertThat(manifest.artifacts().get(0).image().captureHeightPx()).isEqualTo(160);
        assertThat(manifest.device().deviceType()).isEqualTo(DeviceType.PHYSICAL);
        assertThat(Files.readAllBytes(bundle.resolve("screenshot.png"))).isEqualTo(PNG);
        try (Stream<Path> files = Files.list(bundle)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("screenshot.png", "hierarchy.xml", "captures.json", "manifest.json");
        }
    }

    @Test
    void aPartialScreenshotKeepsItsPartialName() {
        CaptureRig rig = rig(FileSystemOps.SYSTEM);
        rig.screenshots().behaving(FakeScreenshots.delivering(PNG, 40_000));
        Path bundle = root.resolve("bundle");
        Manifest manifest = ((CaptureOutcome.Finished) rig.capture(CaptureRig.request(bundle.toString()))).manifest();
        var screenshot = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.SCREENSHOT).findFirst().orElseThrow();
        assertThat(screenshot.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(screenshot.path()).isEqualTo("screenshot.partial.png");
        assertThat(Files.exists(bundle.resolve("screenshot.partial.png"))).isTrue();
        Conformance.assertConforms(bundle);
    }

    @Test
    void aManagedBundleUnderThePreparedEvidenceRootConforms() {
        CaptureRig rig = rig(FileSystemOps.SYSTEM).withManagedBundles(ManagedBundleRoot.underEvidenceRoot(
                Map.of(EvidenceRoots.VARIABLE, root.resolve("evidence").toString()), root, root));
        CaptureCommand command = new CaptureCommand(BundleLocation.MANAGED, CaptureRig.SERIAL,
                CaptureRig.OPERATOR_PACKAGE, null, null, null, CliLikeTerms.INSTANCE);

        CaptureOutcome.Finished finished = (CaptureOutcome.Finished) rig.capture(command);

        Path bundle = finished.manifestPath().getParent();
        assertThat(bundle.getParent()).isEqualTo(root.resolve("evidence").resolve("bundles"));
        assertThat(bundle.getFileName().toString()).isEqualTo(finished.manifest().evidenceId());
        Conformance.assertConforms(bundle);
    }

    @Test
    void anExistingOutputDirectoryIsRefusedWithoutTouchingIt() throws IOException {
        Path bundle = Files.createDirectory(root.resolve("bundle"));
        Files.writeString(bundle.resolve("keep.txt"), "keep");
        CaptureOutcome outcome = rig(FileSystemOps.SYSTEM).capture(CaptureRig.request(bundle.toString()));
        assertThat(outcome).isInstanceOf(CaptureOutcome.Refused.class);
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        try (Stream<Path> files = Files.list(bundle)) {
            assertThat(files).containsExactly(bundle.resolve("keep.txt"));
        }
    }

    static Stream<Arguments> storageFailuresMidway() {
        return Stream.of(
                Arguments.of("disk fills while writing screenshot.partial.png",
                        (Supplier<FileSystemOps>) () -> new ScriptedFileSystemOps().onlyFor("screenshot").diskFullAfter(20),
                        ArtifactKind.SCREENSHOT, "screenshot.partial.png"),
                Arguments.of("disk fills while writing hierarchy.partial.xml",
                        (Supplier<FileSystemOps>) () -> new ScriptedFileSystemOps().onlyFor("hierarchy").diskFullAfter(20),
                        ArtifactKind.HIERARCHY, "hierarchy.partial.xml"),
                Arguments.of("disk fills while writing captures.json",
                        (Supplier<FileSystemOps>) () -> new ScriptedFileSystemOps().onlyFor("captures").diskFullAfter(20),
                        ArtifactKind.CAPTURE_ENVELOPES, "captures.partial.json"),
                Arguments.of("screenshot.png cannot be renamed into place",
                        (Supplier<FileSystemOps>) () -> new ScriptedFileSystemOps()
                                .failingMovesOf("screenshot", new IOException("Input/output error")),
                        ArtifactKind.SCREENSHOT, "screenshot.partial.png"),
                Arguments.of("hierarchy.xml cannot be renamed into place",
                        (Supplier<FileSystemOps>) () -> new ScriptedFileSystemOps()
                                .failingMovesOf("hierarchy", new IOException("Input/output error")),
                        ArtifactKind.HIERARCHY, "hierarchy.partial.xml"),
                Arguments.of("captures.json cannot be renamed into place",
                        (Supplier<FileSystemOps>) () -> new ScriptedFileSystemOps()
                                .failingMovesOf("captures", new IOException("Input/output error")),
                        ArtifactKind.CAPTURE_ENVELOPES, "captures.partial.json"));
    }

    /**
     * A storage failure mid-way costs only its artifact: what was written stays, listed as that
     * artifact's partial file, the capture reports EVIDENCE_CAPTURE_FAILED with its manifest, and
     * the bundle still conforms (no unlisted file).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("storageFailuresMidway")
    void aStorageFailureMidwayKeepsWhatWasWrittenListedAndTheBundleConforms(String name, Supplier<FileSystemOps> ops,
                                                                           ArtifactKind hit, String left) throws IOException {
        CaptureRig rig = rig(ops.get());
        Path bundle = root.resolve("bundle");

        CaptureOutcome outcome = rig.capture(CaptureRig.request(bundle.toString()));

        assertThat(outcome).isInstanceOf(CaptureOutcome.Finished.class);
        Manifest manifest = ((CaptureOutcome.Finished) outcome).manifest();
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        var artifact = manifest.artifacts().stream().filter(a -> a.kind() == hit).findFirst().orElseThrow();
        assertThat(artifact.status()).isEqualTo(ArtifactStatus.PARTIAL);
        assertThat(artifact.path()).isEqualTo(left);
        assertThat(artifact.error().code()).isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(artifact.bytes()).isEqualTo(Files.size(bundle.resolve(left)));
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(outcome.toResult().manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        Conformance.assertConforms(bundle);
    }

    /**
     * The real writer refuses the screenshot's piece that meets the full disk, which stops the
     * transfer: captures.json records the manifest's STORAGE_FAILED with the writer's causeCode, not
     * the transfer's failure.
     */
    @Test
    void aScreenshotStoppedByAFullDiskIsRecordedWithTheManifestsCodeAndCause() throws IOException {
        CaptureRig rig = rig(new ScriptedFileSystemOps().onlyFor("screenshot").diskFullAfter(20));
        Path bundle = root.resolve("bundle");

        Manifest manifest = ((CaptureOutcome.Finished) rig.capture(CaptureRig.request(bundle.toString()))).manifest();

        CaptureRecord record = ContractJson.read(Files.readAllBytes(bundle.resolve("captures.json")), CapturesFile.class)
                .stillRecords().get(0);
        assertThat(record.kind()).isEqualTo("screenshot");
        assertThat(record.errorCode()).isEqualTo(manifest.artifacts().get(0).error().code())
                .isEqualTo(ErrorCodes.STORAGE_FAILED);
        assertThat(record.errorMessage()).isEqualTo(manifest.artifacts().get(0).error().message());
        assertThat(record.result().asMap().get("error")).asInstanceOf(InstanceOfAssertFactories.MAP)
                .extracting("details").asInstanceOf(InstanceOfAssertFactories.MAP)
                .containsEntry("causeCode", CauseCodes.ENOSPC).containsEntry("transportCode", ErrorCodes.SCREENSHOT_FAILED);
    }

    /** One invalid --output-dir: how to make it under {@code root}, and the code and words it is refused with. */
    record OutputDirCase(String name, java.util.function.Function<Path, String> given, String code, String reason) {
        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Every way --output-dir can be refused, through the use case and the real store: each has its
     * own message, nothing is created or changed under the parent, no device is asked.
     */
    @Test
    void everyRefusedOutputDirectoryHasItsOwnMessageAndNothingIsCreated() throws IOException {
        List<OutputDirCase> cases = List.of(
                new OutputDirCase("blank", r -> "  ", ErrorCodes.EXECUTION_VALIDATION_FAILED, "must not be blank"),
                new OutputDirCase("relative", r -> "relative/bundle", ErrorCodes.EXECUTION_VALIDATION_FAILED,
                        "must be absolute"),
                new OutputDirCase("root", r -> "/", ErrorCodes.EXECUTION_VALIDATION_FAILED, "must not be a filesystem root"),
                new OutputDirCase("parent traversal", r -> r + "/a/../b", ErrorCodes.EXECUTION_VALIDATION_FAILED,
                        "'..' (parent traversal)"),
                new OutputDirCase("existing file", r -> r.resolve("file").toString(), ErrorCodes.EVIDENCE_OUTPUT_EXISTS,
                        "already exists as a file"),
                new OutputDirCase("existing directory", r -> r.resolve("dir").toString(), ErrorCodes.EVIDENCE_OUTPUT_EXISTS,
                        "already exists as a directory"),
                new OutputDirCase("existing dangling symlink", r -> r.resolve("dangling").toString(),
                        ErrorCodes.EVIDENCE_OUTPUT_EXISTS, "already exists as a dangling symbolic link"),
                new OutputDirCase("missing parent", r -> r.resolve("missing").resolve("bundle").toString(),
                        ErrorCodes.EXECUTION_VALIDATION_FAILED, "does not exist"));
        Files.writeString(root.resolve("file"), "not a bundle");
        Files.createDirectory(root.resolve("dir"));
        Files.writeString(root.resolve("dir").resolve("keep.txt"), "keep");
        Files.createSymbolicLink(root.resolve("dangling"), root.resolve("nowhere"));
        Map<String, String> before = snapshot(root);

        Set<String> messages = new java.util.HashSet<>();
        for (OutputDirCase refused : cases) {
            CaptureRig rig = rig(FileSystemOps.SYSTEM);
            CaptureOutcome outcome = rig.capture(CaptureRig.request(refused.given().apply(root)));

            assertThat(outcome).as(refused.name()).isInstanceOf(CaptureOutcome.Refused.class);
            var result = outcome.toResult();
            assertThat(result.code()).as(refused.name()).isEqualTo(refused.code());
            assertThat(result.message()).as(refused.name()).startsWith("--output-dir ").contains(refused.reason());
            assertThat(result.manifestPath()).isNull();
            assertThat(rig.devices().requests()).as("%s: no device is asked", refused.name()).isEmpty();
            assertThat(rig.screenshots().serials()).isEmpty();
            messages.add(result.message());
            assertThat(snapshot(root)).as("%s: nothing created or changed", refused.name()).isEqualTo(before);
        }
        assertThat(messages).as("each refusal has its own message").hasSize(cases.size());
        assertThat(Files.exists(root.resolve("nowhere"), java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    /**
     * Two captures race for one new directory. Capture B found it free, selected its device, and is
     * about to mkdir when capture A creates and fills the same directory: B's mkdir loses, B is
     * refused with EVIDENCE_OUTPUT_EXISTS before capturing anything, and A's bundle is untouched.
     */
    @Test
    void aCaptureThatLosesTheRaceForItsDirectoryLeavesTheWinnersBundleUntouched() throws IOException {
        Path bundle = root.resolve("bundle");
        CaptureRig winner = rig(FileSystemOps.SYSTEM);
        CaptureOutcome[] winnerOutcome = new CaptureOutcome[1];
        FileSystemOps racing = new FileSystemOps() {
            @Override
            public void createPrivateDirectory(Path directory) throws IOException {
                winnerOutcome[0] = winner.capture(CaptureRig.request(bundle.toString()));
                SYSTEM.createPrivateDirectory(directory);
            }

            @Override
            public WritableFile createNew(Path file) throws IOException {
                return SYSTEM.createNew(file);
            }

            @Override
            public void moveAtomically(Path source, Path target) throws IOException {
                SYSTEM.moveAtomically(source, target);
            }

            @Override
            public void forceDirectory(Path directory) throws IOException {
                SYSTEM.forceDirectory(directory);
            }

            @Override
            public void deleteIfExists(Path file) throws IOException {
                SYSTEM.deleteIfExists(file);
            }
        };
        CaptureRig loser = rig(racing);

        CaptureOutcome lost = loser.capture(CaptureRig.request(bundle.toString()));

        assertThat(winnerOutcome[0]).isInstanceOf(CaptureOutcome.Finished.class);
        assertThat(((CaptureOutcome.Finished) winnerOutcome[0]).manifest().status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(lost).isInstanceOf(CaptureOutcome.Refused.class);
        assertThat(lost.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(lost.toResult().message()).contains("already exists as a directory").contains("never overwritten");
        assertThat(loser.screenshots().serials()).isEmpty();
        assertThat(loser.operator().commands()).isEmpty();
        assertThat(loser.metadata().reads()).isEmpty();
        assertThat(ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class))
                .isEqualTo(((CaptureOutcome.Finished) winnerOutcome[0]).manifest());
        Conformance.assertConforms(bundle);
    }

    /** Every entry under {@code dir} (not following links) with its type and content. */
    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> entries = new java.util.TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.toList()) {
                String value = Files.isSymbolicLink(path) ? "link:" + Files.readSymbolicLink(path)
                        : Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS) ? "dir"
                        : "file:" + Files.readString(path);
                entries.put(dir.relativize(path).toString(), value);
            }
        }
        return entries;
    }

    /** Storage that fails at the manifest: no finalized manifest, files already written remain. */
    @Test
    void aFullDiskAtTheManifestLeavesTheWrittenFilesAndNoManifest() {
        CaptureRig rig = rig(new ScriptedFileSystemOps().onlyFor("manifest").diskFullAfter(64));
        Path bundle = root.resolve("bundle");

        CaptureOutcome outcome = rig.capture(CaptureRig.request(bundle.toString()));

        assertThat(outcome).isInstanceOf(CaptureOutcome.NotPersisted.class);
        assertThat(outcome.toResult().code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(Files.exists(bundle.resolve("screenshot.png"))).isTrue();
        assertThat(Files.exists(bundle.resolve("hierarchy.xml"))).isTrue();
        assertThat(Files.exists(bundle.resolve("manifest.json"))).isFalse();
        VerificationReport report = new BundleVerifier().verify(bundle);
        assertThat(report.has("MISSING_FILE", "manifest.json")).isTrue();
    }
}
