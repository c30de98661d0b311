package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.androperator.evidence.adapters.fs.EvidenceRoots.Preparation;
import com.androperator.evidence.adapters.fs.EvidenceRoots.Resolution;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EvidenceRootsTest {
    @TempDir
    Path temp;

    private Path home() {
        return temp.resolve("home");
    }

    private Path cwd() {
        return temp.resolve("work");
    }

    @Test
    void anOmittedVariableKeepsTheDefaultUnderHome() {
        Resolution resolution = EvidenceRoots.resolve(Map.of(), home(), cwd());
        Resolution.Resolved resolved = (Resolution.Resolved) resolution;
        assertThat(resolved.evidenceRoot()).isEqualTo(home().resolve(".androperator/evidence"));
        assertThat(resolved.bundlesRoot()).isEqualTo(home().resolve(".androperator/evidence/bundles"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t", "  \n "})
    void anEmptyOrWhitespaceValueIsAValidationFailure(String value) {
        Resolution resolution = EvidenceRoots.resolve(Map.of(EvidenceRoots.VARIABLE, value), home(), cwd());
        Failure failure = ((Resolution.Invalid) resolution).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failure.message()).contains(EvidenceRoots.VARIABLE);
        Preparation preparation = EvidenceRoots.prepare(Map.of(EvidenceRoots.VARIABLE, value), home(), cwd());
        assertThat(((Preparation.Refused) preparation).failure().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(Files.exists(home())).as("nothing is created").isFalse();
    }

    @Test
    void aRelativeValueResolvesAgainstTheWorkingDirectoryOnce() {
        Resolution resolution = EvidenceRoots.resolve(Map.of(EvidenceRoots.VARIABLE, "state/../evidence"), home(), cwd());
        assertThat(((Resolution.Resolved) resolution).evidenceRoot()).isEqualTo(cwd().resolve("evidence"));
    }

    @Test
    void anAbsoluteValueIsUsedAsIs() {
        Path root = temp.resolve("custom-root");
        Resolution resolution = EvidenceRoots.resolve(Map.of(EvidenceRoots.VARIABLE, root.toString()), home(), cwd());
        assertThat(((Resolution.Resolved) resolution).evidenceRoot()).isEqualTo(root);
    }

    @Test
    void bundlesIsCreatedOnDemandWithMode0700AndExistingModesAreNotChanged() throws IOException {
        Path existing = Files.createDirectories(temp.resolve("shared"));
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path root = existing.resolve("evidence");

        Preparation preparation = EvidenceRoots.prepare(Map.of(EvidenceRoots.VARIABLE, root.toString()), home(), cwd());

        Preparation.Ready ready = (Preparation.Ready) preparation;
        assertThat(ready.evidenceRoot()).isEqualTo(root);
        assertThat(ready.bundlesRoot()).isEqualTo(root.resolve("bundles"));
        assertThat(mode(root)).isEqualTo("rwx------");
        assertThat(mode(root.resolve("bundles"))).isEqualTo("rwx------");
        assertThat(mode(existing)).isEqualTo("rwxr-xr-x");
        try (var entries = Files.list(root.resolve("bundles"))) {
            assertThat(entries).as("the write probe is removed").isEmpty();
        }
        // A second preparation finds everything in place.
        assertThat(EvidenceRoots.prepareBundlesRoot(root)).isEqualTo(ready);
    }

    @Test
    void theDefaultRootIsCreatedUnderHome() throws IOException {
        Files.createDirectories(home());
        Preparation.Ready ready = (Preparation.Ready) EvidenceRoots.prepare(Map.of(), home(), cwd());
        assertThat(Files.isDirectory(home().resolve(".androperator/evidence/bundles"))).isTrue();
        assertThat(mode(home().resolve(".androperator"))).isEqualTo("rwx------");
        assertThat(ready.bundlesRoot()).isEqualTo(home().resolve(".androperator/evidence/bundles"));
    }

    @Test
    void aRootThatIsARegularFileIsUnwritable() throws IOException {
        Path file = Files.writeString(temp.resolve("evidence"), "a file");
        Failure failure = refused(EvidenceRoots.prepareBundlesRoot(file));
        assertUnwritable(failure, file, "ENOTDIR");
        assertThat(Files.readString(file)).isEqualTo("a file");
    }

    @Test
    void aBundlesEntryThatIsARegularFileIsUnwritable() throws IOException {
        Path root = Files.createDirectories(temp.resolve("evidence"));
        Path bundles = Files.writeString(root.resolve("bundles"), "a file");
        assertUnwritable(refused(EvidenceRoots.prepareBundlesRoot(root)), bundles, "ENOTDIR");
    }

    @Test
    void aFileAboveTheRootIsUnwritable() throws IOException {
        Path file = Files.writeString(temp.resolve("blocker"), "x");
        assertUnwritable(refused(EvidenceRoots.prepareBundlesRoot(file.resolve("evidence"))), file, "ENOTDIR");
    }

    @ParameterizedTest(name = "run {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void capturesThatPrepareAFreshRootAtTheSameTimeAllGetIt(int run) throws Exception {
        // Two MCP calls (or two processes) on a fresh evidence root race to create it: each must succeed.
        Path root = temp.resolve("race-" + run).resolve("evidence");
        int racers = 6;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(racers);
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(racers);
        try {
            java.util.List<java.util.concurrent.Future<Preparation>> prepared = new java.util.ArrayList<>();
            for (int i = 0; i < racers; i++) {
                prepared.add(threads.submit(() -> {
                    start.await();
                    return EvidenceRoots.prepareBundlesRoot(root);
                }));
            }
            for (var preparation : prepared) {
                assertThat(preparation.get()).isInstanceOf(Preparation.Ready.class);
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(root.resolve("bundles")).isDirectory();
    }

    @Test
    void aDanglingSymlinkRootIsUnwritable() throws IOException {
        Path link = Files.createSymbolicLink(temp.resolve("evidence"), temp.resolve("nowhere"));
        assertUnwritable(refused(EvidenceRoots.prepareBundlesRoot(link)), link, "ENOTDIR");
        assertThat(Files.exists(temp.resolve("nowhere"))).isFalse();
    }

    /** A real write attempt, not permission bits (root ignores them): procfs refuses new files even to root. */
    @Test
    void aFileSystemThatRefusesWritesIsUnwritable() {
        Path proc = Path.of("/proc/self");
        assumeTrue(Files.isDirectory(proc), "needs Linux procfs");
        Failure failure = refused(EvidenceRoots.prepareBundlesRoot(proc));
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(failure.details().asMap()).containsKeys("path", "causeCode", "message", "recovery");
    }

    private static Failure refused(Preparation preparation) {
        assertThat(preparation).isInstanceOf(Preparation.Refused.class);
        return ((Preparation.Refused) preparation).failure();
    }

    private static void assertUnwritable(Failure failure, Path path, String causeCode) {
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(failure.details().asMap()).containsEntry("path", path.toString()).containsEntry("causeCode", causeCode)
                .containsKeys("message", "recovery");
        assertThat((String) failure.details().asMap().get("recovery")).contains(EvidenceRoots.VARIABLE);
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }
}
