package com.androperator.evidence.domain.capture;

import static com.androperator.evidence.domain.capture.BundleAssertions.finishedManifest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.fakes.CaptureRig;
import com.androperator.evidence.domain.fakes.FakeImageVerifier;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ImageVerifier.ImageCheck;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Where the production scheduling checks the PNG: on a thread of its own while the JVM runs at most
 * four captures a processor, on the capturing thread once more run. The verdict and the bundle are the same either way, and every capture leaves the load
 * it entered, whatever its outcome.
 */
class PngCheckPlacementTest {
    private static final String DIR = "/absolute/new/bundle";
    private final List<String> checkThreads = new CopyOnWriteArrayList<>();
    private final CaptureRig rig = new CaptureRig().withImageVerifier(recordingThreads(new FakeImageVerifier()));

    private ImageVerifier recordingThreads(ImageVerifier verifier) {
        return () -> {
            ImageCheck check = verifier.start();
            return new ImageCheck() {
                @Override
                public void accept(byte[] bytes, int offset, int length) {
                    checkThreads.add(Thread.currentThread().getName());
                    check.accept(bytes, offset, length);
                }

                @Override
                public ImageVerification finish() {
                    checkThreads.add(Thread.currentThread().getName());
                    return check.finish();
                }

                @Override
                public void close() {
                    check.close();
                }
            };
        };
    }

    private CaptureOutcome capture(CaptureLoad load, Cancellation cancellation) {
        return new CaptureEvidence(rig.ports(), CaptureRig.CLI_VERSION, CaptureRig.SOURCE, Map.of(),
                CaptureScheduling.OVERLAPPED, load).capture(CaptureRig.request(DIR), cancellation);
    }

    /** A load of one processor with {@code others} captures already running. */
    private static CaptureLoad runningAlready(int others) {
        CaptureLoad load = new CaptureLoad(1);
        for (int capture = 0; capture < others; capture++) {
            load.enter();
        }
        return load;
    }

    @Test
    void upToFourCapturesAProcessorThePngIsCheckedOnAThreadOfItsOwn() {
        CaptureLoad load = runningAlready(CaptureLoad.CAPTURES_PER_PROCESSOR - 1); // this one is the fourth

        assertThat(finishedManifest(capture(load, new Cancellation())).status()).isEqualTo(BundleStatus.COMPLETE);

        assertThat(checkThreads).isNotEmpty().allSatisfy(name -> assertThat(name).startsWith("evidence-png-check-"));
        assertThat(load.running()).as("the others only").isEqualTo(CaptureLoad.CAPTURES_PER_PROCESSOR - 1);
    }

    @Test
    void withMoreThanFourCapturesAProcessorThePngIsCheckedOnTheCapturingThread() {
        CaptureLoad load = runningAlready(CaptureLoad.CAPTURES_PER_PROCESSOR); // this one is the fifth

        assertThat(finishedManifest(capture(load, new Cancellation())).status()).isEqualTo(BundleStatus.COMPLETE);

        assertThat(checkThreads).isNotEmpty().containsOnly(Thread.currentThread().getName());
        assertThat(load.running()).as("the others only").isEqualTo(CaptureLoad.CAPTURES_PER_PROCESSOR);
    }

    @Test
    void theSequentialSchedulingChecksOnTheCapturingThreadWhateverTheLoad() {
        CaptureLoad idle = new CaptureLoad(64);

        CaptureOutcome outcome = new CaptureEvidence(rig.ports(), CaptureRig.CLI_VERSION, CaptureRig.SOURCE, Map.of(),
                CaptureScheduling.SEQUENTIAL, idle).capture(CaptureRig.request(DIR));

        assertThat(finishedManifest(outcome).status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(checkThreads).isNotEmpty().containsOnly(Thread.currentThread().getName());
        assertThat(idle.running()).isZero();
    }

    @Test
    void aCaptureRefusedAfterItEnteredLeavesTheLoad() {
        CaptureLoad load = new CaptureLoad(1);
        Cancellation cancelled = new Cancellation();
        cancelled.cancel("SIGTERM");

        CaptureOutcome outcome = capture(load, cancelled);

        assertThat(outcome).isInstanceOfSatisfying(CaptureOutcome.Refused.class,
                refused -> assertThat(refused.failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED));
        assertThat(checkThreads).isEmpty();
        assertThat(load.running()).isZero();
    }

    @Test
    void aVerifierThatBreaksOnTheCapturingThreadIsARejectionAndTheCaptureLeavesTheLoad() {
        CaptureLoad load = runningAlready(CaptureLoad.CAPTURES_PER_PROCESSOR); // the check runs on the capturing thread
        CaptureRig broken = new CaptureRig().withImageVerifier(() -> {
            throw new IllegalStateException("no inflater");
        });

        Manifest manifest = finishedManifest(new CaptureEvidence(broken.ports(), CaptureRig.CLI_VERSION,
                CaptureRig.SOURCE, Map.of(), CaptureScheduling.OVERLAPPED, load).capture(CaptureRig.request(DIR)));

        assertThat(manifest.status()).isNotEqualTo(BundleStatus.COMPLETE);
        assertThat(manifest.errors()).anySatisfy(error -> {
            assertThat(error.component()).isEqualTo("screenshot");
            assertThat(error.message()).contains("the PNG verifier failed: IllegalStateException: no inflater",
                    ErrorCodes.SCREENSHOT_INVALID);
        });
        assertThat(load.running()).as("the others only").isEqualTo(CaptureLoad.CAPTURES_PER_PROCESSOR);
    }

    @Test
    void aCaptureBrokenByAnErrorLeavesTheLoadAsTheErrorPasses() {
        // The check runs on the capturing thread, where the error surfaces.
        CaptureLoad load = runningAlready(CaptureLoad.CAPTURES_PER_PROCESSOR);
        CaptureRig broken = new CaptureRig().withImageVerifier(() -> {
            throw new AssertionError("a bug in the verifier");
        });
        CaptureEvidence useCase = new CaptureEvidence(broken.ports(), CaptureRig.CLI_VERSION, CaptureRig.SOURCE,
                Map.of(), CaptureScheduling.OVERLAPPED, load);

        assertThatThrownBy(() -> useCase.capture(CaptureRig.request(DIR)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("a bug in the verifier");
        assertThat(load.running()).as("the others only").isEqualTo(CaptureLoad.CAPTURES_PER_PROCESSOR);
    }

    @Test
    void theUseCasesCallersBuildCountInTheJvmsLoad() {
        List<Integer> seen = new CopyOnWriteArrayList<>();
        CaptureRig counting = new CaptureRig().withImageVerifier(() -> {
            seen.add(CaptureLoad.ofThisJvm().running());
            return new FakeImageVerifier().start();
        });
        int before = CaptureLoad.ofThisJvm().running();

        new CaptureEvidence(counting.ports(), CaptureRig.CLI_VERSION, CaptureRig.SOURCE)
                .capture(CaptureRig.request(DIR));
        new CaptureEvidence(counting.ports(), CaptureRig.CLI_VERSION, CaptureRig.SOURCE, Map.of(),
                CaptureScheduling.OVERLAPPED).capture(CaptureRig.request(DIR + "-2"));

        assertThat(seen).containsExactly(before + 1, before + 1);
        assertThat(CaptureLoad.ofThisJvm().running()).isEqualTo(before);
    }
}
