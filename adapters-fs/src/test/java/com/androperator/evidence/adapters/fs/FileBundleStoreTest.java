package com.androperator.evidence.adapters.fs;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.BundleStore.Availability;
import com.androperator.evidence.domain.port.BundleStore.Reservation;
import com.androperator.evidence.domain.model.Failure;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileBundleStoreTest {
    @TempDir
    Path root;

    private final FileBundleStore store = new FileBundleStore();

    @Test
    void aNewDirectoryIsAvailableAndReservedWithMode0700() throws IOException {
        Path bundle = root.resolve("bundle");
        assertThat(store.check(bundle)).isInstanceOf(Availability.Available.class);
        assertThat(Files.exists(bundle)).as("check creates nothing").isFalse();

        Reservation reservation = store.reserve(bundle);

        assertThat(reservation).isInstanceOf(Reservation.Reserved.class);
        assertThat(((Reservation.Reserved) reservation).writer().directory()).isEqualTo(bundle);
        assertThat(Files.isDirectory(bundle, LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(bundle))).isEqualTo("rwx------");
        try (var entries = Files.list(bundle)) {
            assertThat(entries).isEmpty();
        }
    }

    @Test
    void anExistingDirectoryIsRefusedAndLeftUntouched() throws IOException {
        Path bundle = Files.createDirectory(root.resolve("bundle"));
        Files.writeString(bundle.resolve("manifest.json"), "{\"keep\":true}");
        Files.setPosixFilePermissions(bundle, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertExists(store.check(bundle), bundle, "directory");
        assertExists(store.reserve(bundle), bundle, "directory");

        assertThat(Files.readString(bundle.resolve("manifest.json"))).isEqualTo("{\"keep\":true}");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(bundle))).isEqualTo("rwxr-xr-x");
    }

    @Test
    void anExistingFileIsRefusedAndLeftUntouched() throws IOException {
        Path file = Files.writeString(root.resolve("bundle"), "not a bundle");
        assertExists(store.check(file), file, "file");
        assertExists(store.reserve(file), file, "file");
        assertThat(Files.readString(file)).isEqualTo("not a bundle");
    }

    @Test
    void aSymlinkEvenADanglingOneIsRefusedAndLeftUntouched() throws IOException {
        Path dangling = Files.createSymbolicLink(root.resolve("dangling"), root.resolve("nowhere"));
        assertExists(store.check(dangling), dangling, "dangling symbolic link");
        assertExists(store.reserve(dangling), dangling, "dangling symbolic link");
        assertThat(Files.isSymbolicLink(dangling)).isTrue();
        assertThat(Files.exists(root.resolve("nowhere"), LinkOption.NOFOLLOW_LINKS)).isFalse();

        Path target = Files.createDirectory(root.resolve("target"));
        Path link = Files.createSymbolicLink(root.resolve("link"), target);
        assertExists(store.reserve(link), link, "symbolic link");
        try (var entries = Files.list(target)) {
            assertThat(entries).isEmpty();
        }
    }

    @Test
    void aMissingParentIsAValidationFailure() {
        Path bundle = root.resolve("missing").resolve("bundle");
        assertThat(failureOf(store.check(bundle)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        Failure refused = failureOf(store.reserve(bundle));
        assertThat(refused.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(refused.message()).contains("parent");
        assertThat(Files.exists(root.resolve("missing"))).isFalse();
    }

    @Test
    void aParentThatIsAFileIsAValidationFailure() throws IOException {
        Path file = Files.writeString(root.resolve("file"), "x");
        Path bundle = file.resolve("bundle");
        assertThat(failureOf(store.check(bundle)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failureOf(store.reserve(bundle)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void relativePathsAndRootsAreRefused() {
        assertThat(failureOf(store.check(Path.of("relative/bundle"))).code())
                .isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failureOf(store.reserve(Path.of("relative/bundle"))).code())
                .isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        // "/" exists, so it is refused as existing before any mkdir is tried.
        assertThat(failureOf(store.reserve(Path.of("/"))).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
    }

    @Test
    void anUnwritableParentIsStorageUnwritableWithDiagnostics() {
        FileBundleStore denied = new FileBundleStore(new ScriptedFileSystemOps()
                .failingDirectoryCreation(new AccessDeniedException(root.resolve("bundle").toString())));
        Failure failure = failureOf(denied.reserve(root.resolve("bundle")));
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
        assertThat(failure.details().asMap()).containsKeys("path", "causeCode", "message", "recovery");
        assertThat(failure.details().asMap().get("causeCode")).isEqualTo("EACCES");
        assertThat(failure.details().asMap().get("message")).isEqualTo("Permission denied");

        FileBundleStore readOnly = new FileBundleStore(new ScriptedFileSystemOps().failingDirectoryCreation(
                new FileSystemException(root.resolve("bundle").toString(), null, "Read-only file system")));
        assertThat(failureOf(readOnly.reserve(root.resolve("bundle"))).details().asMap().get("causeCode")).isEqualTo("EROFS");
    }

    /**
     * Many threads race for the same directory, released together by a latch: exactly one wins,
     * every other gets EVIDENCE_OUTPUT_EXISTS. Seeded so a failure repeats with the same shape.
     */
    @RepeatedTest(20)
    void exactlyOneOfManyRacingReservationsWins(RepetitionInfo repetition) throws Exception {
        Random random = new Random(20_240_501L + repetition.getCurrentRepetition());
        int racers = 4 + random.nextInt(28);
        Path bundle = root.resolve("race-" + repetition.getCurrentRepetition());
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Reservation>> results = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                long spin = random.nextInt(2_000);
                results.add(pool.submit(() -> {
                    start.await();
                    for (long n = 0; n < spin; n++) {
                        Thread.onSpinWait();
                    }
                    return store.reserve(bundle);
                }));
            }
            start.countDown();
            int winners = 0;
            for (Future<Reservation> result : results) {
                Reservation reservation = result.get(30, TimeUnit.SECONDS);
                if (reservation instanceof Reservation.Reserved) {
                    winners++;
                } else {
                    assertThat(((Reservation.Refused) reservation).failure().code())
                            .isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
                }
            }
            assertThat(winners).as("winners among %d racers", racers).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Each kind of existing destination is refused with its own message, naming what is there. */
    private static void assertExists(Availability availability, Path path, String what) {
        assertExists(failureOf(availability), path, what);
    }

    private static void assertExists(Reservation reservation, Path path, String what) {
        assertExists(failureOf(reservation), path, what);
    }

    private static void assertExists(Failure failure, Path path, String what) {
        assertThat(failure.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(failure.message())
                .isEqualTo(path + " already exists as a " + what + "; a new attempt requires a new directory");
        assertThat(failure.details().asMap()).containsEntry("path", path.toString()).containsEntry("existing", what);
    }

    private static Failure failureOf(Availability availability) {
        assertThat(availability).isInstanceOf(Availability.Unavailable.class);
        return ((Availability.Unavailable) availability).failure();
    }

    private static Failure failureOf(Reservation reservation) {
        assertThat(reservation).isInstanceOf(Reservation.Refused.class);
        return ((Reservation.Refused) reservation).failure();
    }
}
