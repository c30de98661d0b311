package com.androperator.evidence.adapters.fs.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.video.DeviceLocks.Acquisition;
import com.androperator.evidence.domain.port.video.DeviceLocks.DirectoryCheck;
import com.androperator.evidence.domain.port.video.DeviceLocks.Release;
import com.androperator.evidence.domain.video.model.LockClaim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PosixDeviceLocksTest {
    private static final String SERIAL = "127.0.0.1:5555";

    @TempDir
    Path temp;

    @Test
    void theFixedDirectoryIsPerUserUnderTmp() {
        PosixDeviceLocks locks = PosixDeviceLocks.forCurrentUser();
        assertThat(locks.directory()).isEqualTo(Path.of("/tmp/androperator-evidence-locks-" + PosixDeviceLocks.currentUid()));
    }

    @Test
    void anAbsentDirectoryIsCreatedPrivate() throws IOException {
        Path directory = temp.resolve("locks");
        PosixDeviceLocks locks = new PosixDeviceLocks(directory, PosixDeviceLocks.currentUid());

        assertThat(locks.checkDirectory()).isInstanceOf(DirectoryCheck.Usable.class);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory))).isEqualTo("rwx------");
    }

    @Test
    void aDirectoryWithGroupOrOtherPermissionsIsRefusedAndLeftUnchanged() throws IOException {
        Path directory = Files.createDirectory(temp.resolve("locks"));
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx---r-x"));
        PosixDeviceLocks locks = new PosixDeviceLocks(directory, PosixDeviceLocks.currentUid());

        DirectoryCheck check = locks.checkDirectory();

        assertThat(check).isInstanceOfSatisfying(DirectoryCheck.Unusable.class, unusable -> {
            assertThat(unusable.failure().code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
            assertThat(unusable.failure().details().asMap()).containsKeys("path", "causeCode", "message", "recovery");
        });
        assertThat(locks.acquire(SERIAL, claim("n1"))).isInstanceOf(Acquisition.Unusable.class);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory))).isEqualTo("rwx---r-x");
    }

    @Test
    void aDirectoryOwnedBySomeoneElseIsRefused() throws IOException {
        Path directory = Files.createDirectory(temp.resolve("locks"));
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        long uid = PosixDeviceLocks.currentUid();
        PosixDeviceLocks locks;
        if (uid == 0) {
            // As root (CI), really hand the directory to another user.
            Files.setAttribute(directory, "unix:uid", 65534);
            locks = new PosixDeviceLocks(directory, uid);
        } else {
            // Unprivileged, the directory stays ours; expecting another uid is the same mismatch.
            locks = new PosixDeviceLocks(directory, uid + 1);
        }

        assertThat(locks.checkDirectory()).isInstanceOfSatisfying(DirectoryCheck.Unusable.class, unusable -> {
            assertThat(unusable.failure().message()).contains("owned by uid").contains("or an administrator can remove it");
            // The user cannot remove it: the recovery says who can, and that the fixed path leaves no other way.
            assertThat(String.valueOf(unusable.failure().details().asMap().get("recovery")))
                    .startsWith("You cannot remove or fix " + directory.toAbsolutePath() + ": only its owner ")
                    .contains("or an administrator (root) can").contains("sudo rm -r " + directory.toAbsolutePath());
        });
        assertThat(locks.acquire(SERIAL, claim("n1"))).isInstanceOf(Acquisition.Unusable.class);
    }

    @Test
    void aSymbolicLinkIsNotARealDirectory() throws IOException {
        Path real = Files.createDirectory(temp.resolve("real"));
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rwx------"));
        Path link = Files.createSymbolicLink(temp.resolve("locks"), real);

        assertThat(new PosixDeviceLocks(link, PosixDeviceLocks.currentUid()).checkDirectory())
                .isInstanceOfSatisfying(DirectoryCheck.Unusable.class,
                        unusable -> assertThat(unusable.failure().message()).contains("symbolic link"));
    }

    @Test
    void aLockIsNamedByTheSerialsHashHoldsItsClaimAndIsReleasedOnlyWithItsNonce() throws IOException {
        PosixDeviceLocks locks = new PosixDeviceLocks(temp.resolve("locks"), PosixDeviceLocks.currentUid());

        Acquisition first = locks.acquire(SERIAL, claim("nonce-1"));
        Path lock = ((Acquisition.Acquired) first).lockPath();
        assertThat(lock.getFileName().toString()).matches("device-[0-9a-f]{64}\\.lock").doesNotContain("5555");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lock))).isEqualTo("rw-------");
        assertThat(locks.holder(lock)).contains(claim("nonce-1"));
        assertThat(locks.acquire(SERIAL, claim("nonce-2"))).isInstanceOfSatisfying(Acquisition.Held.class,
                held -> assertThat(held.holder()).contains(claim("nonce-1")));
        assertThat(locks.acquire("other:5555", claim("nonce-3"))).as("separate devices record independently")
                .isInstanceOf(Acquisition.Acquired.class);

        assertThat(locks.release(lock, "nonce-2")).isInstanceOf(Release.NotHeld.class);
        assertThat(lock).exists();
        assertThat(locks.release(lock, "nonce-1")).isInstanceOf(Release.Released.class);
        assertThat(lock).doesNotExist();
        assertThat(locks.acquire(SERIAL, claim("nonce-4"))).isInstanceOf(Acquisition.Acquired.class);
    }

    @Test
    void ofManySimultaneousAcquisitionsExactlyOneWinsEveryTime() throws Exception {
        PosixDeviceLocks locks = new PosixDeviceLocks(temp.resolve("locks"), PosixDeviceLocks.currentUid());
        int contenders = 4;
        ExecutorService pool = Executors.newFixedThreadPool(contenders);
        try {
            for (int round = 0; round < 200; round++) {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Acquisition>> futures = new ArrayList<>();
                for (int i = 0; i < contenders; i++) {
                    LockClaim claim = claim("round-" + round + "-" + i);
                    futures.add(pool.submit(() -> {
                        go.await();
                        return locks.acquire(SERIAL, claim);
                    }));
                }
                go.countDown();
                List<Acquisition> results = new ArrayList<>();
                for (Future<Acquisition> future : futures) {
                    results.add(future.get());
                }
                List<Acquisition> winners = results.stream().filter(r -> r instanceof Acquisition.Acquired).toList();
                assertThat(winners).as("round %d", round).hasSize(1);
                assertThat(results).filteredOn(r -> r instanceof Acquisition.Held)
                        .allSatisfy(held -> assertThat(((Acquisition.Held) held).holder()).as("never a half-written claim")
                                .isPresent())
                        .hasSize(contenders - 1);
                Path lock = ((Acquisition.Acquired) winners.get(0)).lockPath();
                String nonce = locks.holder(lock).orElseThrow().nonce();
                assertThat(locks.release(lock, nonce)).isInstanceOf(Release.Released.class);
            }
        } finally {
            pool.shutdownNow();
        }
        try (var files = Files.list(temp.resolve("locks"))) {
            assertThat(files).as("no temporaries are left behind").isEmpty();
        }
    }

    private static LockClaim claim(String nonce) {
        return new LockClaim("session-" + nonce, nonce, "/absolute/bundle/" + nonce, SERIAL, "2026-01-01T00:00:00Z");
    }
}
