package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.assertRecordInvariants;
import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeOperator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The production scheduling: metadata is read on its own thread while the Operator answers, after
 * the screenshot, and the capture waits for it. The Operator's scripts wait for the reads to be
 * over, so these prove the overlap without timing anything.
 */
class OverlappedMetadataTest {
    private static final String DIR = "/absolute/new/bundle";
    private final CaptureRig rig = new CaptureRig();
    private final CountDownLatch metadataRead = new CountDownLatch(1);

    private CaptureOutcome capture(Cancellation cancellation) {
        // The last read (the Operator version) tells the latch that every read is over.
        rig.metadata().afterEachRead(read -> {
            if (read.startsWith("dumpsys package")) {
                metadataRead.countDown();
            }
        });
        return new CaptureEvidence(rig.ports(), CaptureRig.CLI_VERSION, CaptureRig.SOURCE)
                .capture(CaptureRig.request(DIR), cancellation);
    }

    /** Runs {@code then} once every metadata read is over (or fails the test after 30 s). */
    private FakeOperator.Script afterMetadata(FakeOperator.Script then) {
        return (command, deadline, clock) -> {
            try {
                assertThat(metadataRead.await(30, TimeUnit.SECONDS)).as("metadata read while the snapshot was in flight")
                        .isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return then.run(command, deadline, clock);
        };
    }

    @Test
    void metadataIsReadWhileTheSnapshotIsInFlightAndTheBundleIsComplete() {
        rig.operator().on(FakeOperator.SNAPSHOT, afterMetadata(FakeOperator.snapshot(FakeOperator.HIERARCHY_XML)));

        Manifest manifest = finishedManifest(capture(new Cancellation()));

        assertRecordInvariants(manifest, rig.store().onlyWriter());
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(manifest.device().apiLevel()).isEqualTo(34);
        assertThat(rig.metadata().reads()).containsExactly("getprop", "wm size", "wm density", "dumpsys input",
                "dumpsys package " + CaptureRig.OPERATOR_PACKAGE);
        // Screenshot first, then both Operator commands on one session (one package check, one reader).
        assertThat(rig.screenshots().serials()).containsExactly(CaptureRig.SERIAL);
        assertThat(rig.operator().actionTypes()).containsExactly(FakeOperator.READINESS, FakeOperator.SNAPSHOT);
        assertThat(rig.operator().sessionsOpened()).isEqualTo(1);
        assertThat(rig.operator().sessionsClosed()).isEqualTo(1);
        assertNoMetadataThreadLeft();
    }

    @Test
    void aSilentOperatorThatUsesUpTheBudgetLeavesTheMetadataRead() {
        // The snapshot never answers: the whole budget goes by while it waits, after the reads are over.
        rig.operator().on(FakeOperator.SNAPSHOT, afterMetadata(FakeOperator.taking(60_000,
                FakeOperator.snapshot(FakeOperator.HIERARCHY_XML))));

        Manifest manifest = finishedManifest(capture(new Cancellation()));

        assertRecordInvariants(manifest, rig.store().onlyWriter());
        assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.HIERARCHY).singleElement()
                .satisfies(a -> assertThat(a.error().code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT));
        List<BundleError> metadataErrors = manifest.errors().stream().filter(e -> e.stage().equals("metadata")).toList();
        assertThat(metadataErrors).isEmpty();
        assertThat(manifest.device().operatorVersion()).isEqualTo("0.12.1");
        assertThat(manifest.device().model()).isEqualTo("Pixel 8");
        assertThat(manifest.device().display()).isNotNull();
        assertNoMetadataThreadLeft();
    }

    @Test
    void thePngIsCheckedOnItsOwnThreadAndItsVerdictStillDecidesTheScreenshot() {
        java.util.Set<String> checkThreads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        com.androperator.evidence.domain.fakes.FakeImageVerifier verifier = new com.androperator.evidence.domain.fakes.FakeImageVerifier();
        rig.withImageVerifier(() -> {
            checkThreads.add(Thread.currentThread().getName());
            return verifier.start();
        });

        Manifest manifest = finishedManifest(capture(new Cancellation()));

        assertRecordInvariants(manifest, rig.store().onlyWriter());
        assertThat(manifest.status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(checkThreads).singleElement().satisfies(name -> assertThat(name).startsWith("evidence-png-check-"));
        assertNoMetadataThreadLeft();
    }

    /** The capture waited for its metadata and PNG-check threads: none is left running. */
    private static void assertNoMetadataThreadLeft() {
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("evidence-metadata-")
                || t.getName().startsWith("evidence-png-check-"));
    }
}
