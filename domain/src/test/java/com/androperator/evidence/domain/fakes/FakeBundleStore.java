package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.BundleStore;
import com.androperator.evidence.domain.model.ExistingEntry;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Bundles in memory, with the file adapter's rules (proven by {@code BundleStoreContract}): a path
 * must be absolute, directories exist once reserved (or declared existing), every parent exists
 * unless declared missing, and of racing reservations exactly one wins. Writers it creates can be told to fail or throw on a given file name.
 */
public final class FakeBundleStore implements BundleStore {
    private final Set<Path> existing = new HashSet<>();
    private final Map<Path, ExistingEntry> existingKinds = new LinkedHashMap<>();
    private final Set<Path> missingParents = new HashSet<>();
    private final Map<Path, FakeBundleWriter> writers = new LinkedHashMap<>();
    private final Set<String> failingFiles = new HashSet<>();
    private final Set<String> throwingFiles = new HashSet<>();
    private final Map<String, Integer> cutShortFiles = new LinkedHashMap<>();
    private final List<Path> checks = new ArrayList<>();
    private final List<Path> reservations = new ArrayList<>();
    private Failure refuseReservation;

    public FakeBundleStore withExisting(Path directory) {
        existing.add(directory);
        return this;
    }

    /** Declares {@code directory} existing as {@code what}, reported as the refusal's existing entry and details.existing. */
    public FakeBundleStore withExisting(Path directory, ExistingEntry what) {
        existing.add(directory);
        existingKinds.put(directory, what);
        return this;
    }

    public FakeBundleStore withMissingParent(Path parent) {
        missingParents.add(parent);
        return this;
    }

    /** Makes every write of {@code fileName} (e.g. "screenshot.partial.png", "manifest.json") fail with STORAGE_FAILED. */
    public FakeBundleStore failingWrite(String fileName) {
        failingFiles.add(fileName);
        return this;
    }

    /**
     * Makes every write of {@code fileName} fail with STORAGE_FAILED after {@code bytes} bytes, as
     * a disk that fills does: the partial file stays (captures.json's as captures.partial.json)
     * and the failure describes it, as the real writer does.
     */
    public FakeBundleStore failingWriteAfter(String fileName, int bytes) {
        cutShortFiles.put(fileName, bytes);
        return this;
    }

    /** Makes every write of {@code fileName} throw, as a broken adapter would. */
    public FakeBundleStore throwingOnWrite(String fileName) {
        throwingFiles.add(fileName);
        return this;
    }

    /** The next reservation is refused with {@code failure}, as when a racing capture got the directory first. */
    public FakeBundleStore refusingReservation(Failure failure) {
        this.refuseReservation = failure;
        return this;
    }

    @Override
    public synchronized Availability check(Path directory) {
        checks.add(directory);
        Reservation.Refused refusal = refusal(directory);
        return refusal == null ? new Availability.Available()
                : new Availability.Unavailable(refusal.failure(), refusal.existing());
    }

    @Override
    public synchronized Reservation reserve(Path directory) {
        reservations.add(directory);
        if (refuseReservation != null) {
            Failure failure = refuseReservation;
            refuseReservation = null;
            return new Reservation.Refused(failure);
        }
        Reservation.Refused refusal = refusal(directory);
        if (refusal != null) {
            return refusal;
        }
        existing.add(directory);
        FakeBundleWriter writer = FakeBundleWriter.scripted(directory, failingFiles, throwingFiles, cutShortFiles);
        writers.put(directory, writer);
        return new Reservation.Reserved(writer);
    }

    /** Why {@code directory} cannot become a new bundle, as the file adapter says it; null when it can. */
    private Reservation.Refused refusal(Path directory) {
        Failure failure = refusalFailure(directory);
        return failure == null ? null : new Reservation.Refused(failure, existingKinds.get(directory));
    }

    private Failure refusalFailure(Path directory) {
        if (directory == null || !directory.isAbsolute()) {
            return Failure.of(ErrorCodes.EXECUTION_VALIDATION_FAILED, "The bundle directory must be an absolute path: " + directory);
        }
        if (existing.contains(directory)) {
            Map<String, Object> details = existingKinds.containsKey(directory)
                    ? Map.of("existing", existingKinds.get(directory).wire()) : Map.of();
            return new Failure(ErrorCodes.EVIDENCE_OUTPUT_EXISTS, directory + " exists", Details.fromJson(details));
        }
        if (missingParents.contains(directory.getParent())) {
            return Failure.of(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                    "the parent directory " + directory.getParent() + " does not exist");
        }
        return null;
    }

    public synchronized List<Path> checks() {
        return List.copyOf(checks);
    }

    public synchronized List<Path> reservations() {
        return List.copyOf(reservations);
    }

    public synchronized Optional<FakeBundleWriter> writer(Path directory) {
        return Optional.ofNullable(writers.get(directory));
    }

    /** The writer of the only reserved bundle. */
    public synchronized FakeBundleWriter onlyWriter() {
        if (writers.size() != 1) {
            throw new IllegalStateException(writers.size() + " bundles were reserved");
        }
        return writers.values().iterator().next();
    }
}
