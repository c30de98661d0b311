package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.androperator.evidence.domain.policy.DeviceFacts.ReadPhase;
import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.fakes.FakeMetadata;
import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import com.androperator.evidence.domain.model.Observation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one device-facts reader of still capture and video start: its guards and classification. */
class DeviceFactsTest {
    private static final String SERIAL = "emulator-5554";
    private static final String OPERATOR = "com.androperator.operator.dev";
    private final ManualMonotonicClock clock = new ManualMonotonicClock();

    @Test
    void everyFactIsReadInOrderAndClassified() {
        FakeMetadata metadata = new FakeMetadata(clock);

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(metadata.reads()).containsExactly("getprop", "wm size", "wm density", "dumpsys input",
                "dumpsys package " + OPERATOR);
        assertThat(facts.errors()).isEmpty();
        assertThat(facts.device().operatorVersion()).isEqualTo("0.12.1");
        assertThat(facts.device().model()).isEqualTo("Pixel 8");
        assertThat(facts.device().display().width()).isEqualTo(1080);
        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::phase).containsOnly(ReadPhase.COMPLETED);
        assertThat(facts.cancelledReads()).isEmpty();
    }

    @Test
    void aBlankOperatorVersionIsRefusedForEveryCaller() {
        for (String blank : List.of("", "  ", "\t")) {
            DeviceFacts.Facts facts = new DeviceFacts(new FakeMetadata(clock).withOperatorVersion(Observation.of(blank)))
                    .read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

            assertThat(facts.device().operatorVersion()).as("%s", blank).isNull();
            assertThat(facts.errors()).singleElement().satisfies(error -> {
                assertThat(error.component()).isEqualTo(MetadataField.OPERATOR_VERSION.component());
                assertThat(error.message()).contains("The Operator version of " + OPERATOR + " is blank");
            });
        }
    }

    @Test
    void withoutAnOperatorPackageTheVersionIsNeitherReadNorAnError() {
        FakeMetadata metadata = new FakeMetadata(clock);

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, null, "0.1.0", deadline(5_000));

        assertThat(metadata.reads()).doesNotContain("dumpsys package null").hasSize(4);
        assertThat(facts.device().operatorVersion()).isNull();
        assertThat(facts.device().operatorPackage()).isNull();
        assertThat(facts.errors()).isEmpty();
    }

    @Test
    void anAdapterThatThrowsOrAnswersNothingLeavesItsFieldNullWithAnError() {
        FakeMetadata metadata = new FakeMetadata(clock).throwingOn("dumpsys input", new IllegalStateException("boom"))
                .withDensity(null);

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(facts.device().display().rotation()).isNull();
        assertThat(facts.device().display().density()).isNull();
        assertThat(facts.errors()).extracting(BundleError::component)
                .containsExactly(MetadataField.DISPLAY_DENSITY.component(), MetadataField.DISPLAY_ROTATION.component());
        assertThat(facts.errors()).extracting(BundleError::message).anySatisfy(message ->
                assertThat(message).contains("reading the display rotation failed: IllegalStateException: boom"));
        assertThat(facts.errors()).extracting(BundleError::message).anySatisfy(message ->
                assertThat(message).contains("reading wm density returned nothing"));
    }

    @Test
    void anExpiredDeadlineSendsNothingMoreAndEachUnreadFieldIsATimeout() {
        FakeMetadata metadata = new FakeMetadata(clock).takingPerRead(600);

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(1_000));

        assertThat(metadata.reads()).containsExactly("getprop", "wm size");
        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::phase).containsExactly(ReadPhase.COMPLETED,
                ReadPhase.FAILED, ReadPhase.BUDGET_EXPIRED, ReadPhase.BUDGET_EXPIRED, ReadPhase.BUDGET_EXPIRED);
        assertThat(facts.errors()).extracting(BundleError::code).containsOnly(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(facts.device().operatorVersion()).isNull();
    }

    @Test
    void aCancellationBeforeAReadSendsNothingAndRecordsEachRead() {
        FakeMetadata metadata = new FakeMetadata(clock).cancellingDuring("wm size", "SIGINT");

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(metadata.reads()).containsExactly("getprop", "wm size");
        assertThat(facts.cancelledReads()).extracting(DeviceFacts.ReadState::phase).containsExactly(
                ReadPhase.IN_FLIGHT, ReadPhase.NOT_STARTED, ReadPhase.NOT_STARTED, ReadPhase.NOT_STARTED);
        assertThat(facts.cancelledReads().get(0))
                .isEqualTo(new DeviceFacts.ReadState("wm size", ReadPhase.IN_FLIGHT, true));
        assertThat(facts.errors()).extracting(BundleError::code).containsOnly(ErrorCodes.COMMAND_CANCELLED);
    }

    @Test
    void readsSentTogetherAreClassifiedAsReadsSentOneByOne() {
        FakeMetadata metadata = new FakeMetadata(clock).readingTogether();

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));
        DeviceFacts.Facts alone = new DeviceFacts(new FakeMetadata(clock)).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(metadata.reads()).containsExactly("getprop", "wm size", "wm density", "dumpsys input",
                "dumpsys package " + OPERATOR);
        assertThat(facts).isEqualTo(alone);
        assertThat(facts.reads()).containsExactly(completed("getprop"), completed("wm size"),
                completed("wm density"), completed("dumpsys input"), completed("dumpsys package"));
    }

    @Test
    void aCancellationDuringReadsSentTogetherFindsTheLaterOnesSent() {
        FakeMetadata metadata = new FakeMetadata(clock).readingTogether().cancellingDuring("wm size", "SIGINT");

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(facts.reads()).containsExactly(completed("getprop"),
                new DeviceFacts.ReadState("wm size", ReadPhase.IN_FLIGHT, true),
                new DeviceFacts.ReadState("wm density", ReadPhase.IN_FLIGHT, true),
                new DeviceFacts.ReadState("dumpsys input", ReadPhase.IN_FLIGHT, true),
                new DeviceFacts.ReadState("dumpsys package", ReadPhase.IN_FLIGHT, true));
        assertThat(facts.errors()).extracting(BundleError::code).containsOnly(ErrorCodes.COMMAND_CANCELLED);
        assertThat(facts.errors()).extracting(BundleError::message).anySatisfy(message ->
                assertThat(message).contains("while wm density was being read (sent to the device)"));
    }

    @Test
    void aReadThatFailedBeforeTheCancellationCutTheOthersStaysAFailure() {
        FakeMetadata metadata = new FakeMetadata(clock).readingTogether()
                .withSize(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "`wm size` failed with exit status 1"))
                .cancellingDuring("wm density", "SIGINT");

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::phase).containsExactly(ReadPhase.COMPLETED,
                ReadPhase.FAILED, ReadPhase.IN_FLIGHT, ReadPhase.IN_FLIGHT, ReadPhase.IN_FLIGHT);
        assertThat(facts.cancelledReads().get(0).command()).isEqualTo("wm density");
        assertThat(facts.errors()).filteredOn(error -> error.component().equals(MetadataField.DISPLAY_SIZE.component()))
                .singleElement().satisfies(error -> assertThat(error.message()).contains("exit status 1"));
    }

    @Test
    void aReadWhoseRequestWasRefusedIsAFailureThatWasNotDispatched() {
        FakeMetadata metadata = new FakeMetadata(clock).refusedByTheAdbServer();

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::phase).containsOnly(ReadPhase.FAILED);
        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::dispatched).containsOnly(false);
        assertThat(facts.errors()).extracting(BundleError::message).allSatisfy(message ->
                assertThat(message).contains("was not run: the adb server refused the request"));
    }

    @Test
    void aFailedReadWhoseSourceCannotTellWhetherItWentOutCountsAsDispatched() {
        FakeMetadata metadata = new FakeMetadata(clock)
                .withSize(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "`wm size` failed with exit status 1"))
                .throwingOn("wm density", new IllegalStateException("boom"));

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(facts.reads()).filteredOn(state -> state.phase() == ReadPhase.FAILED)
                .extracting(DeviceFacts.ReadState::command, DeviceFacts.ReadState::dispatched)
                .containsExactly(tuple("wm size", true),
                        tuple("wm density", true));
    }

    @Test
    void aCancellationBeforeReadsThatWouldGoTogetherSendsNothing() {
        FakeMetadata metadata = new FakeMetadata(clock).readingTogether();
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("SIGTERM");

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0",
                Deadline.after(clock, 5_000, cancellation));

        assertThat(metadata.reads()).isEmpty();
        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::phase).containsOnly(ReadPhase.NOT_STARTED);
        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::dispatched).containsOnly(false);
    }

    @Test
    void anAdapterThatThrowsWhileReadingTogetherLeavesEveryReadUnavailable() {
        FakeMetadata metadata = new FakeMetadata(clock).readingTogether()
                .throwingOn("wm density", new IllegalStateException("boom"));

        DeviceFacts.Facts facts = new DeviceFacts(metadata).read(SERIAL, OPERATOR, "0.1.0", deadline(5_000));

        assertThat(facts.reads()).extracting(DeviceFacts.ReadState::phase).containsOnly(ReadPhase.FAILED);
        assertThat(facts.errors()).extracting(BundleError::message).allSatisfy(message -> assertThat(message)
                .contains("reading the device's metadata in one command failed: IllegalStateException: boom"));
        assertThat(facts.device().model()).isNull();
    }

    private static DeviceFacts.ReadState completed(String command) {
        return new DeviceFacts.ReadState(command, ReadPhase.COMPLETED, true);
    }

    private Deadline deadline(long millis) {
        return Deadline.after(clock, millis, new Cancellation());
    }
}
