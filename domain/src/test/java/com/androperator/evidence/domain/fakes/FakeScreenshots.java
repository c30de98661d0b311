package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.Failure;
import com.androperator.evidence.domain.port.ScreenshotSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The targeted screenshot helper as an adapter would behave: a transfer takes a scripted time on
 * the manual clock; one that outlasts the deadline stops at expiry with the bytes received so far
 * and COMMAND_TIMEOUT.
 */
public final class FakeScreenshots implements ScreenshotSource {
    public static final String PHYSICAL_DISPLAY_ID = "4619827259835644672";
    /** What the default behaviour delivers: a 1080x2400 PNG, encoded once for every rig. */
    public static final byte[] DEFAULT_PNG = TestPngs.png(1080, 2400);

    /** One scripted capture. */
    @FunctionalInterface
    public interface Behavior {
        ScreenshotTransfer capture(String serial, Deadline deadline, ManualMonotonicClock clock);
    }

    private final ManualMonotonicClock clock;
    private final List<String> serials = new ArrayList<>();
    private Behavior behavior;

    public FakeScreenshots(ManualMonotonicClock clock) {
        this.clock = clock;
        this.behavior = delivering(DEFAULT_PNG, 0);
    }

    public FakeScreenshots behaving(Behavior behavior) {
        this.behavior = behavior;
        return this;
    }

    /** Delivers {@code bytes} after {@code millis}, or a proportional prefix and COMMAND_TIMEOUT if the budget ends first. */
    public static Behavior delivering(byte[] bytes, long millis) {
        return (serial, deadline, clock) -> {
            long remaining = deadline.remainingMillis();
            if (clock.spend(millis, deadline)) {
                return new ScreenshotTransfer(bytes, true, Optional.empty(), receipt(bytes.length, 0));
            }
            int received = millis == 0 ? 0 : (int) Math.min(bytes.length, bytes.length * remaining / millis);
            return new ScreenshotTransfer(Arrays.copyOf(bytes, received), false,
                    Optional.of(Failure.of(ErrorCodes.COMMAND_TIMEOUT, "the device-work budget expired after "
                            + received + " of the screenshot's bytes")), receipt(received, null));
        };
    }

    /** Returns {@code transfer} as is, after {@code millis}. */
    public static Behavior answering(ScreenshotTransfer transfer, long millis) {
        return (serial, deadline, clock) -> {
            clock.advanceMillis(millis);
            return transfer;
        };
    }

    /**
     * A signal arriving mid-transfer, as the adapter sees it: {@code by} cancels the deadline after
     * {@code received} bytes, and the transfer ends COMMAND_CANCELLED in phase transfer, dispatched.
     */
    public static Behavior cancelledMidTransfer(byte[] bytes, int received, String by) {
        return (serial, deadline, clock) -> {
            deadline.cancellation().cancel(by);
            return new ScreenshotTransfer(Arrays.copyOf(bytes, received), false, Optional.of(new Failure(
                    ErrorCodes.COMMAND_CANCELLED, "cancelled after " + received + " screenshot bytes",
                    Map.of("phase", "transfer", "dispatched", true))), receipt(received, null));
        };
    }

    public static Behavior throwing(RuntimeException exception) {
        return (serial, deadline, clock) -> {
            throw exception;
        };
    }

    @Override
    public ScreenshotTransfer capture(String serial, Deadline deadline) {
        serials.add(serial);
        return behavior.capture(serial, deadline, clock);
    }

    /** The serial of every capture, in order. */
    public List<String> serials() {
        return List.copyOf(serials);
    }

    public static Map<String, Object> receipt(long bytesReceived, Integer exitStatus) {
        Map<String, Object> receipt = new LinkedHashMap<>();
        receipt.put("command", "screencap -p -d " + PHYSICAL_DISPLAY_ID);
        receipt.put("displayId", 0);
        receipt.put("physicalDisplayId", PHYSICAL_DISPLAY_ID);
        receipt.put("bytesReceived", bytesReceived);
        if (exitStatus != null) {
            receipt.put("exitStatus", exitStatus);
        }
        return receipt;
    }
}
