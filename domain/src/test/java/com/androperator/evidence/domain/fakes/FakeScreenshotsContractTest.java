package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.contract.ScreenshotSourceContract;
import java.util.Optional;

/** The domain's scripted screenshots hand over, count and stop as the adb adapter does. */
class FakeScreenshotsContractTest extends ScreenshotSourceContract {
    private final ManualMonotonicClock clock = new ManualMonotonicClock();

    @Override
    protected Phone showing(byte[] png) {
        return phone(FakeScreenshots.delivering(png, 200));
    }

    @Override
    protected Phone cutAfter(byte[] png, int bytes) {
        // The adb server reports a dead device as a clean end of stream.
        return phone(FakeScreenshots.answering(new FakeScreenshots.Scripted(TestPngs.truncated(png, bytes), true,
                Optional.empty(), FakeScreenshots.receipt(bytes, 0)), 200));
    }

    @Override
    protected Phone failingScreencap() {
        return phone(FakeScreenshots.answering(new FakeScreenshots.Scripted(new byte[0], false,
                Optional.of(Failure.of(ErrorCodes.SCREENSHOT_FAILED, "Failed to take screenshot. Status: -5")),
                FakeScreenshots.receipt(0, 1)), 200));
    }

    @Override
    protected Phone slow(byte[] png, long millis) {
        return phone(FakeScreenshots.delivering(png, millis));
    }

    @Override
    public Deadline budget(long millis, Cancellation cancellation) {
        return Deadline.after(clock, millis, cancellation);
    }

    private Phone phone(FakeScreenshots.Behavior behavior) {
        return new Phone(new FakeScreenshots(clock).behaving(behavior), "emulator-5554");
    }
}
