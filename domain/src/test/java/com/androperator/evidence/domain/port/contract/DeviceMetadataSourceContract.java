package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Readings;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.Observation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * What every {@link DeviceMetadataSource} promises the capture, the domain's fake and the adb
 * adapter (through the real adb server to a simulated phone) alike: each read reports what the
 * phone says, overrides next to the physical values; a missing Operator, a failing command, a
 * budget that runs out, a cancellation and a request the adb server refuses are unavailable
 * observations with their codes, never exceptions; an expired or cancelled budget sends nothing, and
 * a read that sent nothing says it was not dispatched. Both send the reads as one command
 * ({@link DeviceMetadataSource#readTogether}) with the same answers, a failing or slow command
 * costing only its own read and those after it.
 */
public abstract class DeviceMetadataSourceContract implements Budgets {
    protected static final String OPERATOR = "com.androperator.operator.dev";

    /** What a phone says about itself. {@code overrideSize} and {@code overrideDensity} may be null. */
    public record Description(Map<String, String> properties, Size physicalSize, Size overrideSize,
                              int physicalDensity, Integer overrideDensity, int rotation, String operatorVersion) {
    }

    /** A phone and the source that reaches it. */
    public record Phone(DeviceMetadataSource source, String serial) {
    }

    protected static final Description PIXEL = new Description(
            Map.of("ro.product.model", "Pixel 8", "ro.build.version.sdk", "34", "ro.product.manufacturer", "Google"),
            new Size(1080, 2400), null, 420, null, 0, "0.12.1");

    protected abstract Phone describedAs(Description description);

    /** A phone on which the Operator package {@link #OPERATOR} is not installed. */
    protected abstract Phone withoutOperator();

    /** A phone whose {@code wm size} fails (exit status 1, "Can't find service: window"). */
    protected abstract Phone whoseWmSizeFails();

    /** A phone whose {@code dumpsys input} answers only after {@code millis}. */
    protected abstract Phone slowToDumpInput(long millis);

    /** A serial the adb server does not know: it refuses every request for it, so nothing runs. */
    protected abstract Phone unknownToTheAdbServer();

    @Test
    void eachReadReportsWhatThePhoneSays() {
        Phone phone = describedAs(PIXEL);
        DeviceMetadataSource source = phone.source();
        String serial = phone.serial();

        PropertyInventory inventory = observed(source.properties(serial, budget(10_000)));
        assertThat(inventory.parseable()).isTrue();
        assertThat(inventory.properties()).containsAllEntriesOf(PIXEL.properties());
        assertThat(observed(source.displaySize(serial, budget(10_000)))).isEqualTo(new WmSize(new Size(1080, 2400), null));
        assertThat(observed(source.displayDensity(serial, budget(10_000)))).isEqualTo(new WmDensity(420, null));
        assertThat(observed(source.rotation(serial, budget(10_000)))).isZero();
        assertThat(observed(source.operatorVersion(serial, OPERATOR, budget(10_000)))).isEqualTo("0.12.1");
    }

    @Test
    void overridesAreReportedNextToThePhysicalValues() {
        Phone phone = describedAs(new Description(PIXEL.properties(), new Size(1080, 2400), new Size(720, 1600),
                420, 320, 1, "0.12.3"));

        assertThat(observed(phone.source().displaySize(phone.serial(), budget(10_000))))
                .isEqualTo(new WmSize(new Size(1080, 2400), new Size(720, 1600)));
        assertThat(observed(phone.source().displayDensity(phone.serial(), budget(10_000))))
                .isEqualTo(new WmDensity(420, 320));
        assertThat(observed(phone.source().rotation(phone.serial(), budget(10_000)))).isEqualTo(1);
        assertThat(observed(phone.source().operatorVersion(phone.serial(), OPERATOR, budget(10_000))))
                .isEqualTo("0.12.3");
    }

    @Test
    void aMissingOperatorHasNoVersion() {
        Phone phone = withoutOperator();

        assertThat(code(phone.source().operatorVersion(phone.serial(), OPERATOR, budget(10_000))))
                .isEqualTo(ErrorCodes.OPERATOR_NOT_INSTALLED);
    }

    @Test
    void aFailingCommandIsMetadataUnavailable() {
        Phone phone = whoseWmSizeFails();

        assertThat(code(phone.source().displaySize(phone.serial(), budget(10_000))))
                .isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
    }

    @Test
    void aReadThatOutlastsItsBudgetIsATimeout() {
        Phone phone = slowToDumpInput(5_000);

        assertThat(code(phone.source().rotation(phone.serial(), budget(600)))).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
    }

    @Test
    void anExpiredBudgetIsATimeoutForEveryRead() {
        Phone phone = describedAs(PIXEL);

        assertThat(everyObservation(phone, () -> budget(0))).allSatisfy(observation -> {
            assertThat(code(observation)).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
            assertThat(((Observation.Unavailable<?>) observation).dispatched()).as("nothing was sent").isFalse();
        });
    }

    @Test
    void aRequestTheAdbServerRefusesIsUnavailableAndNotDispatched() {
        Phone phone = unknownToTheAdbServer();

        assertThat(everyObservation(phone, () -> budget(10_000))).allSatisfy(observation -> {
            assertThat(code(observation)).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
            assertThat(failure(observation).message()).contains("was not run");
            assertThat(((Observation.Unavailable<?>) observation).dispatched()).as("nothing was sent").isFalse();
        });
        // Whether such a phone has shell v2 cannot be asked: its reads go one by one, each refused as above.
        assertThat(phone.source().readTogether(phone.serial(), OPERATOR, budget(10_000))).isEmpty();
    }

    @Test
    void aCancelledBudgetSendsNoRead() {
        Phone phone = describedAs(PIXEL);
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("SIGINT");

        assertThat(everyObservation(phone, () -> budget(10_000, cancellation))).allSatisfy(observation -> {
            assertThat(failure(observation).code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
            assertThat(((Observation.Unavailable<?>) observation).dispatched()).isFalse();
        });
    }

    @Test
    void readingTogetherAnswersAsEachReadDoes() {
        Phone phone = describedAs(new Description(PIXEL.properties(), new Size(1080, 2400), new Size(720, 1600),
                420, 320, 1, "0.12.3"));

        Readings readings = together(phone, OPERATOR, budget(10_000));

        assertThat(observed(readings.properties()).properties()).containsAllEntriesOf(PIXEL.properties());
        assertThat(observed(readings.size())).isEqualTo(new WmSize(new Size(1080, 2400), new Size(720, 1600)));
        assertThat(observed(readings.density())).isEqualTo(new WmDensity(420, 320));
        assertThat(observed(readings.rotation())).isEqualTo(1);
        assertThat(observed(readings.operatorVersion().orElseThrow())).isEqualTo("0.12.3");
        assertThat(together(phone, null, budget(10_000)).operatorVersion()).isEmpty();
    }

    @Test
    void readTogetherAFailingCommandFailsOnlyItsOwnRead() {
        Phone phone = whoseWmSizeFails();

        Readings readings = together(phone, OPERATOR, budget(10_000));

        assertThat(code(readings.size())).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
        assertThat(readings.properties()).isInstanceOf(Observation.Observed.class);
        assertThat(readings.density()).isInstanceOf(Observation.Observed.class);
        assertThat(readings.rotation()).isInstanceOf(Observation.Observed.class);
    }

    @Test
    void readTogetherAMissingOperatorHasNoVersion() {
        Phone phone = withoutOperator();

        assertThat(code(together(phone, OPERATOR, budget(10_000)).operatorVersion().orElseThrow()))
                .isEqualTo(ErrorCodes.OPERATOR_NOT_INSTALLED);
    }

    @Test
    void readTogetherTheReadsTheBudgetCutShortAreTimeoutsAndTheOthersKeepTheirValues() {
        Phone phone = slowToDumpInput(5_000);

        Readings readings = together(phone, OPERATOR, budget(1_500));

        assertThat(readings.properties()).isInstanceOf(Observation.Observed.class);
        assertThat(readings.size()).isInstanceOf(Observation.Observed.class);
        assertThat(readings.density()).isInstanceOf(Observation.Observed.class);
        assertThat(code(readings.rotation())).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        assertThat(code(readings.operatorVersion().orElseThrow())).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        // Both went out in the one command: the budget cut them short, it did not keep them from being sent.
        assertThat(List.of(readings.rotation(), readings.operatorVersion().orElseThrow())).allSatisfy(observation ->
                assertThat(((Observation.Unavailable<?>) observation).dispatched()).isTrue());
    }

    @Test
    void readTogetherAnExpiredOrCancelledBudgetSendsNothing() {
        Phone phone = describedAs(PIXEL);
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("SIGINT");

        assertThat(phone.source().readTogether(phone.serial(), OPERATOR, budget(0))).isEmpty();
        assertThat(phone.source().readTogether(phone.serial(), OPERATOR, budget(10_000, cancellation))).isEmpty();
    }

    /** The source's reads sent as one command: every source that sends them so passes these tests. */
    private static Readings together(Phone phone, String operatorPackage, Deadline deadline) {
        Optional<Readings> readings = phone.source().readTogether(phone.serial(), operatorPackage, deadline);
        assertThat(readings).as("this source sends its reads as one command").isPresent();
        return readings.orElseThrow();
    }

    /** What each of the five reads observed, each with a budget of its own. */
    private static List<Observation<?>> everyObservation(Phone phone, java.util.function.Supplier<Deadline> budgets) {
        DeviceMetadataSource source = phone.source();
        String serial = phone.serial();
        List<Function<Deadline, Observation<?>>> reads = List.of(
                deadline -> source.properties(serial, deadline),
                deadline -> source.displaySize(serial, deadline),
                deadline -> source.displayDensity(serial, deadline),
                deadline -> source.rotation(serial, deadline),
                deadline -> source.operatorVersion(serial, OPERATOR, deadline));
        return reads.stream().<Observation<?>>map(read -> read.apply(budgets.get())).toList();
    }

    private static <T> T observed(Observation<T> observation) {
        assertThat(observation).isInstanceOf(Observation.Observed.class);
        return ((Observation.Observed<T>) observation).value();
    }

    private static Failure failure(Observation<?> observation) {
        assertThat(observation).isInstanceOf(Observation.Unavailable.class);
        return ((Observation.Unavailable<?>) observation).failure();
    }

    private static String code(Observation<?> observation) {
        return failure(observation).code();
    }
}
