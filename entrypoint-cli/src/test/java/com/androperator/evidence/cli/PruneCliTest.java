package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.fs.video.SessionFile;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.SessionState;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code androperator evidence prune} as a process on a real evidence root: bundles copied from
 * conformance's reference bundles with their start times and statuses set, video sessions with
 * real session.json files, symbolic links, and directories the pruning user cannot read (the
 * tests run as root, which ignores permission bits, so that case runs the CLI as {@code nobody}
 * through setpriv, as distribution's ReadOnlyInstallIT does).
 */
class PruneCliTest {
    private static final Path REFERENCE = Path.of("").toAbsolutePath().getParent()
            .resolve("conformance/src/test/resources/reference-bundles");
    private static final Instant NOW = Instant.now();

    @TempDir
    Path temp;
    private Path root;
    private Path bundles;
    private CliProcess cli;

    @BeforeEach
    void evidenceRoot() throws IOException {
        root = temp.resolve("evidence");
        bundles = Files.createDirectories(root.resolve("bundles"));
        Map<String, String> environment = new HashMap<>();
        environment.put("PATH", System.getenv("PATH"));
        environment.put("LC_ALL", "C.UTF-8");
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    @Test
    void aDryRunNamesTheBundlesOlderThanTheAgeAndRemovesNothing() throws IOException {
        Path old = shelve("old", "still-complete", days(10), manifest -> { });
        shelve("recent", "still-complete", days(5), manifest -> { });
        shelve("new", "still-complete", days(1), manifest -> { });

        CliProcess.Run run = cli.run("evidence", "prune", "--older-than", "7d", "--dry-run");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<JsonNode> lines = lines(run);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).get("action").asString()).isEqualTo("would_remove");
        assertThat(lines.get(0).get("bundle").asString()).isEqualTo(old.toString());
        assertThat(lines.get(0).get("bytes").asLong()).isEqualTo(bytes(old));
        assertThat(lines.get(1).get("ok").asBoolean()).isTrue();
        assertThat(lines.get(1).get("dryRun").asBoolean()).isTrue();
        assertThat(lines.get(1).get("would_remove").asLong()).isEqualTo(1);
        assertThat(lines.get(1).get("bytes").asLong()).isEqualTo(bytes(old));
        assertThat(names(bundles)).containsExactly("new", "old", "recent");
    }

    @Test
    void keepLastRemovesAllButTheNewestInStartOrderWhateverTheirNames() throws IOException {
        shelve("a-newest", "still-complete", days(1), manifest -> { });
        shelve("b-oldest", "still-partial", days(30), manifest -> { });
        shelve("c-middle", "still-complete", days(3), manifest -> { });

        CliProcess.Run run = cli.run("evidence", "prune", "--keep-last", "1");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(lines(run).stream().filter(line -> line.has("action"))
                .map(line -> line.get("action").asString() + " " + Path.of(line.get("bundle").asString()).getFileName()))
                .containsExactly("removed b-oldest", "removed c-middle");
        assertThat(names(bundles)).containsExactly("a-newest");
    }

    @Test
    void olderThanInIsoFormAndAStatusSelectOnlyOldBundlesOfThatStatus() throws IOException {
        shelve("old-partial", "still-partial", days(8), manifest -> { });
        shelve("old-complete", "still-complete", days(8), manifest -> { });
        shelve("new-partial", "still-partial", Duration.ofHours(2), manifest -> { });

        CliProcess.Run run = cli.run("evidence", "prune", "--older-than", "P3D", "--status", "partial",
                "--status", "failed", "--output", "pretty");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).startsWith("removed      " + bundles.resolve("old-partial") + "  partial  started ");
        assertThat(run.stdout()).contains("total: 1 removed (");
        assertThat(names(bundles)).containsExactly("new-partial", "old-complete");
    }

    @Test
    void aRecordingSessionAndOneThatNeedsRecoveryAreKeptAndReported() throws IOException {
        Path recording = shelve("recording", "video-complete", days(9), manifest -> {
            manifest.put("status", "recording");
            manifest.putNull("finishedAt");
        });
        session(recording, RecoveryState.WORKER_OWNED);
        Path unrecovered = shelve("unrecovered", "video-complete", days(9), manifest -> { });
        session(unrecovered, RecoveryState.RECOVERY_REQUIRED);
        Path released = shelve("released", "video-complete", days(9), manifest -> { });
        session(released, RecoveryState.RELEASED);

        CliProcess.Run run = cli.run("evidence", "prune", "--older-than", "1d");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(actions(run)).containsExactly("kept_active recording", "removed released",
                "kept_active unrecovered");
        assertThat(names(bundles)).containsExactly("recording", "unrecovered");
        assertThat(names(recording)).contains("manifest.json", "session.json", "video.mp4");
    }

    @Test
    void symbolicLinksAreNeverFollowedNeitherInBundlesNorInsideABundle() throws IOException {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Path elsewhere = shelveIn(outside, "elsewhere", "still-complete", days(20), manifest -> { });
        Path precious = Files.writeString(outside.resolve("precious.txt"), "keep me");
        Files.createSymbolicLink(bundles.resolve("linked"), elsewhere);
        Path holding = shelve("holding-a-link", "still-complete", days(20), manifest -> { });
        Files.createSymbolicLink(holding.resolve("escape"), outside);
        Files.createSymbolicLink(holding.resolve("file-link"), precious);

        CliProcess.Run run = cli.run("evidence", "prune", "--keep-last", "0");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(actions(run)).containsExactly("removed holding-a-link", "skipped linked");
        assertThat(names(bundles)).containsExactly("linked");
        assertThat(Files.isSymbolicLink(bundles.resolve("linked"))).isTrue();
        assertThat(names(elsewhere)).isEqualTo(names(REFERENCE.resolve("still-complete")));
        assertThat(Files.readString(precious)).isEqualTo("keep me");
    }

    @Test
    void anUnreadableBundleAndOneWithAnUnreadablePartAreReportedAndNothingOfThemRemoved() throws Exception {
        Path unreadable = shelve("unreadable", "still-complete", days(20), manifest -> { });
        Path locked = shelve("locked-part", "still-complete", days(20), manifest -> { });
        Path lockedPart = Files.createDirectory(locked.resolve("control"));
        Files.writeString(lockedPart.resolve("heartbeat.json"), "{}");
        shelve("plain", "still-complete", days(20), manifest -> { });
        CliProcess prune = root() ? asNobody() : cli;
        Files.setPosixFilePermissions(unreadable, PosixFilePermissions.fromString("---------"));
        Files.setPosixFilePermissions(lockedPart, PosixFilePermissions.fromString("---------"));

        CliProcess.Run run = prune.run("evidence", "prune", "--keep-last", "0");

        Files.setPosixFilePermissions(unreadable, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(lockedPart, PosixFilePermissions.fromString("rwx------"));
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(actions(run)).containsExactly("not_removed locked-part", "removed plain", "unreadable unreadable");
        List<JsonNode> lines = lines(run);
        assertThat(lines.get(0).get("reason").asString()).startsWith("nothing removed: ");
        assertThat(lines.get(3).get("ok").asBoolean()).isFalse();
        assertThat(names(bundles)).containsExactly("locked-part", "unreadable");
        assertThat(names(locked)).containsAll(names(REFERENCE.resolve("still-complete"))).contains("control");
        assertThat(names(lockedPart)).containsExactly("heartbeat.json");
        assertThat(names(unreadable)).isEqualTo(names(REFERENCE.resolve("still-complete")));
    }

    @Test
    void withoutACriterionOrWithABadValueItIsAUsageErrorAndNothingIsRemoved() throws IOException {
        shelve("old", "still-complete", days(10), manifest -> { });

        for (String[] args : List.of(new String[] {"evidence", "prune"},
                new String[] {"evidence", "prune", "--older-than", "7 days"},
                new String[] {"evidence", "prune", "--older-than", "-P1D"},
                new String[] {"evidence", "prune", "--status", "recording"},
                new String[] {"evidence", "prune", "--keep-last", "-1"})) {
            CliProcess.Run run = cli.run(args);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
            assertThat(run.stdout()).isEmpty();
            assertThat(run.stderr()).contains("Usage:");
        }
        assertThat(names(bundles)).containsExactly("old");
    }

    @Test
    void aBlankEvidenceDirIsRefusedAndAMissingBundlesDirectoryIsAnEmptyPrune() throws IOException {
        Map<String, String> blank = new HashMap<>(cli.environment());
        blank.put("ANDROPERATOR_EVIDENCE_DIR", "  ");
        CliProcess.Run refused = new CliProcess(blank, temp.resolve("scratch")).run("evidence", "prune", "--keep-last", "0");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
        assertThat(ContractJson.mapper().readTree(refused.stdout()).get("code").asString())
                .isEqualTo("EXECUTION_VALIDATION_FAILED");

        Files.delete(bundles);
        CliProcess.Run empty = cli.run("evidence", "prune", "--keep-last", "0");
        assertThat(empty.exitCode()).as(empty.toString()).isZero();
        assertThat(lines(empty)).hasSize(1);
        assertThat(Files.exists(bundles)).isFalse();
    }

    private Path shelve(String name, String reference, Duration age, Consumer<ObjectNode> edit) throws IOException {
        return shelveIn(bundles, name, reference, age, edit);
    }

    /** A copy of a reference bundle, started {@code age} ago, its manifest edited further by {@code edit}. */
    private static Path shelveIn(Path directory, String name, String reference, Duration age,
                                 Consumer<ObjectNode> edit) throws IOException {
        Path bundle = Files.createDirectory(directory.resolve(name));
        try (Stream<Path> files = Files.list(REFERENCE.resolve(reference))) {
            for (Path file : files.toList()) {
                Files.copy(file, bundle.resolve(file.getFileName()));
            }
        }
        Path manifestFile = bundle.resolve("manifest.json");
        ObjectNode manifest = (ObjectNode) ContractJson.mapper().readTree(Files.readAllBytes(manifestFile));
        manifest.put("startedAt", NOW.minus(age).toString());
        manifest.put("evidenceId", name);
        edit.accept(manifest);
        Files.write(manifestFile, ContractJson.toBytes(manifest));
        return bundle;
    }

    private static void session(Path bundle, RecoveryState state) throws IOException {
        String at = "2026-01-01T00:00:10Z";
        SessionState saved = switch (state) {
            case AWAITING_WORKER -> new SessionState.AwaitingWorker(at);
            case WORKER_OWNED -> new SessionState.WorkerOwned(new WorkerIdentity(4242, "2026-01-01T00:00:05Z"), null, at);
            default -> new SessionState.Settled(state, null, null, null, at);
        };
        VideoSession session = new VideoSession(VideoSession.SCHEMA_VERSION, bundle.getFileName().toString(), "nonce",
                VideoSession.SCRCPY, new VideoSession.Target("127.0.0.1:5555", null), bundle.toString(),
                bundle.resolve("manifest.json").toString(), "/tmp/locks/device-x.lock", 30, new VideoSize(576, 1280),
                "2026-01-01T00:00:00Z", "2026-01-01T00:00:30Z",
                new VideoSession.Tools("/usr/bin/scrcpy", "/usr/bin/ffmpeg", "/usr/bin/ffprobe", null), saved);
        Files.write(bundle.resolve("session.json"), ContractJson.toBytes(SessionFile.of(session)));
    }

    private static Duration days(int days) {
        return Duration.ofDays(days);
    }

    private static List<JsonNode> lines(CliProcess.Run run) {
        return run.stdout().lines().map(line -> ContractJson.mapper().readTree(line)).toList();
    }

    /** "action name" of each bundle line, in the order printed. */
    private static List<String> actions(CliProcess.Run run) {
        return lines(run).stream().filter(line -> line.has("action"))
                .map(line -> line.get("action").asString() + " " + Path.of(line.get("bundle").asString()).getFileName())
                .toList();
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(entry -> entry.getFileName().toString()).sorted().toList();
        }
    }

    private static long bytes(Path bundle) throws IOException {
        try (Stream<Path> files = Files.walk(bundle)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
    }

    private static boolean root() throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-u").start();
        return new String(id.getInputStream().readAllBytes()).trim().equals("0") && id.waitFor() == 0;
    }

    /**
     * This CLI as {@code nobody}: the evidence root becomes nobody's, and the classpath's jars are
     * copied where nobody can read them (the local Maven repository need not be readable to others).
     */
    private CliProcess asNobody() throws IOException {
        UserPrincipal nobody = root.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.toList()) {
                Files.getFileAttributeView(path, java.nio.file.attribute.PosixFileAttributeView.class,
                        LinkOption.NOFOLLOW_LINKS).setOwner(nobody);
            }
        }
        Path jars = Files.createDirectory(temp.resolve("jars"));
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isRegularFile(path)) {
                path = Files.copy(path, jars.resolve(classPath.size() + "-" + path.getFileName()));
            }
            classPath.add(path.toString());
        }
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        return cli.asUser("65534", String.join(File.pathSeparator, classPath));
    }
}
