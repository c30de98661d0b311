package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.domain.model.Observation;
import com.androperator.evidence.domain.port.contract.DeviceMetadataSourceContract;

/** The domain's scripted metadata answers, times out and refuses cancelled work as the adb adapter does. */
class FakeMetadataContractTest extends DeviceMetadataSourceContract {
    private final ManualMonotonicClock clock = new ManualMonotonicClock();

    @Override
    protected Phone describedAs(Description description) {
        return phone(new FakeMetadata(clock).takingPerRead(20)
                .withProperties(Observation.of(new PropertyInventory(description.properties(), true)))
                .withSize(Observation.of(new WmSize(description.physicalSize(), description.overrideSize())))
                .withDensity(Observation.of(new WmDensity(description.physicalDensity(), description.overrideDensity())))
                .withRotation(Observation.of(description.rotation()))
                .withOperatorVersion(Observation.of(description.operatorVersion())));
    }

    @Override
    protected Phone withoutOperator() {
        return phone(new FakeMetadata(clock).withOperatorVersion(
                Observation.unavailable(ErrorCodes.OPERATOR_NOT_INSTALLED, OPERATOR + " is not installed")));
    }

    @Override
    protected Phone whoseWmSizeFails() {
        return phone(new FakeMetadata(clock).withSize(Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE,
                "`wm size` failed: exit status 1: cmd: Can't find service: window")));
    }

    @Override
    protected Phone slowToDumpInput(long millis) {
        return phone(new FakeMetadata(clock).takingOn("dumpsys input", millis));
    }

    @Override
    protected Phone unknownToTheAdbServer() {
        return phone(new FakeMetadata(clock).refusedByTheAdbServer());
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(clock, millis, cancellation);
    }

    private static Phone phone(FakeMetadata metadata) {
        return new Phone(metadata.readingTogether(), "emulator-5554");
    }
}
