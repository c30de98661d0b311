package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleStore.Availability;
import com.androperator.evidence.domain.port.BundleStore.Reservation;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.port.Failure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link BundleStore} does, the domain's fake and the file adapter alike: a bundle
 * directory is reserved exclusively (exactly one of racing callers gets it), a collision is
 * EVIDENCE_OUTPUT_EXISTS, a missing parent or a relative path EXECUTION_VALIDATION_FAILED, and a
 * check creates nothing.
 */
public abstract class BundleStoreContract {

    protected abstract BundleStore newStore();

    /** An absolute directory that exists, under which new bundles can be reserved. */
    protected abstract Path root();

    /** Makes {@code directory} exist for {@code store} as something that is not a new bundle. */
    protected abstract void makeExisting(BundleStore store, Path directory) throws Exception;

    /** An absolute path under {@link #root()} whose parent does not exist for {@code store}. */
    protected abstract Path withMissingParent(BundleStore store);

    @Test
    void aCheckFindsANewDirectoryAvailableAndCreatesNothing() {
        BundleStore store = newStore();
        Path bundle = root().resolve("bundle-1");

        assertThat(store.check(bundle)).isEqualTo(new Availability.Available());
        assertThat(store.check(bundle)).isEqualTo(new Availability.Available());
        assertThat(store.reserve(bundle)).isInstanceOf(Reservation.Reserved.class);
    }

    @Test
    void aReservedDirectoryGetsAnEmptyWriterAndIsNeverReservedAgain() {
        BundleStore store = newStore();
        Path bundle = root().resolve("bundle-1");

        Reservation first = store.reserve(bundle);

        assertThat(first).isInstanceOf(Reservation.Reserved.class);
        BundleWriter writer = ((Reservation.Reserved) first).writer();
        assertThat(writer.directory()).isEqualTo(bundle);
        assertThat(writer.writePartial("screenshot.partial.png", "x".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(BundleWriter.StoreResult.Stored.class);
        assertThat(refusal(store.reserve(bundle)).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(unavailable(store.check(bundle)).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
    }

    @Test
    void somethingAlreadyThereIsOutputThatExists() throws Exception {
        BundleStore store = newStore();
        Path existing = root().resolve("existing");
        makeExisting(store, existing);

        assertThat(unavailable(store.check(existing)).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(refusal(store.reserve(existing)).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
    }

    @Test
    void aMissingParentOrARelativePathIsInvalidAndNothingIsReserved() {
        BundleStore store = newStore();
        Path orphan = withMissingParent(store);

        assertThat(unavailable(store.check(orphan)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(refusal(store.reserve(orphan)).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(unavailable(store.check(Path.of("relative/bundle"))).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(refusal(store.reserve(Path.of("relative/bundle"))).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
    }

    @Test
    void ofRacingReservationsExactlyOneGetsTheDirectory() throws Exception {
        BundleStore store = newStore();
        Path bundle = root().resolve("raced");
        int racers = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(racers);
        try {
            List<Future<Reservation>> results = new ArrayList<>();
            for (int i = 0; i < racers; i++) {
                Callable<Reservation> racer = () -> {
                    start.await();
                    return store.reserve(bundle);
                };
                results.add(pool.submit(racer));
            }
            start.countDown();
            int reserved = 0;
            for (Future<Reservation> result : results) {
                Reservation reservation = result.get();
                if (reservation instanceof Reservation.Reserved) {
                    reserved++;
                } else {
                    assertThat(refusal(reservation).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
                }
            }
            assertThat(reserved).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Failure refusal(Reservation reservation) {
        assertThat(reservation).isInstanceOf(Reservation.Refused.class);
        return ((Reservation.Refused) reservation).failure();
    }

    private static Failure unavailable(Availability availability) {
        assertThat(availability).isInstanceOf(Availability.Unavailable.class);
        return ((Availability.Unavailable) availability).failure();
    }
}
