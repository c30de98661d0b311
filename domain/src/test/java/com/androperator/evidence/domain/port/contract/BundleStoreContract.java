package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.port.BundleStore.Availability;
import com.androperator.evidence.domain.port.BundleStore.Reservation;
import com.androperator.evidence.domain.port.BundleWriter;
import com.androperator.evidence.domain.model.Failure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
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
        List<Reservation> reservations = Racers.race(8, racer -> () -> store.reserve(bundle));

        assertThat(reservations).filteredOn(Reservation.Reserved.class::isInstance).hasSize(1);
        assertThat(reservations).filteredOn(Reservation.Refused.class::isInstance)
                .allSatisfy(refused -> assertThat(refusal(refused).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS))
                .hasSize(7);
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
