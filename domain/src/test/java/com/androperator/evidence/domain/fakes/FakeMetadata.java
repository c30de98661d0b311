package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.port.DeviceMetadataSource;
import com.androperator.evidence.domain.model.Observation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Device metadata reads with scripted answers. Each read takes {@link #takingPerRead} ms on the
 * manual clock; like the adapter, a read whose budget has run out answers COMMAND_TIMEOUT (not
 * dispatched when it ran out before a read sent on its own), one whose work was cancelled before it started
 * answers COMMAND_CANCELLED, not dispatched, and on a phone the adb server does not know
 * ({@link #refusedByTheAdbServer}) every read is METADATA_UNAVAILABLE, not dispatched.
 * {@link #readingTogether} makes it send the reads as one command, as the adb adapter does on a
 * shell v2 device: then a read after a cancellation was sent (COMMAND_CANCELLED, dispatched).
 * Defaults describe a physical Pixel 8 on Android 14.
 */
public final class FakeMetadata implements DeviceMetadataSource {
    public static final Map<String, String> PHYSICAL_PROPERTIES = Map.of(
            "ro.build.version.sdk", "34",
            "ro.build.version.release", "14",
            "ro.product.manufacturer", "Google",
            "ro.product.model", "Pixel 8",
            "ro.boot.qemu", "0");

    private final ManualMonotonicClock clock;
    /** Synchronized: an overlapped capture reads on its own thread. */
    private final List<String> reads = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Map<String, RuntimeException> throwing = new HashMap<>();
    private final Map<String, String> cancelling = new HashMap<>();
    private long millisPerRead;
    private final Map<String, Long> millisOn = new HashMap<>();
    private boolean together;
    private boolean refused;
    private java.util.function.Consumer<String> afterRead = read -> { };
    private Observation<PropertyInventory> properties = Observation.of(new PropertyInventory(PHYSICAL_PROPERTIES, true));
    private Observation<WmSize> size = Observation.of(new WmSize(new Size(1080, 2400), null));
    private Observation<WmDensity> density = Observation.of(new WmDensity(420, null));
    private Observation<Integer> rotation = Observation.of(0);
    private Observation<String> operatorVersion = Observation.of("0.12.1");

    public FakeMetadata(ManualMonotonicClock clock) {
        this.clock = clock;
    }

    /** Runs {@code listener} with each read's name once that read is over (on the reading thread). */
    public FakeMetadata afterEachRead(java.util.function.Consumer<String> listener) {
        this.afterRead = listener;
        return this;
    }

    public FakeMetadata takingPerRead(long millis) {
        this.millisPerRead = millis;
        return this;
    }

    /** The read named {@code read} (e.g. "dumpsys input") takes {@code millis} instead of {@link #takingPerRead}. */
    public FakeMetadata takingOn(String read, long millis) {
        millisOn.put(read, millis);
        return this;
    }

    /**
     * Every request is refused before it runs, as the adb server refuses a serial it does not know:
     * each read is METADATA_UNAVAILABLE and not dispatched, and nothing is read together (the
     * adapter cannot ask such a phone whether it has shell v2).
     */
    public FakeMetadata refusedByTheAdbServer() {
        this.refused = true;
        return this;
    }

    /** Sends the reads as one command ({@link #readTogether}), in the order of their methods. */
    public FakeMetadata readingTogether() {
        this.together = true;
        return this;
    }

    public FakeMetadata withProperties(Map<String, String> inventory) {
        return withProperties(Observation.of(new PropertyInventory(inventory, true)));
    }

    public FakeMetadata withProperties(Observation<PropertyInventory> read) {
        this.properties = read;
        return this;
    }

    public FakeMetadata withSize(Observation<WmSize> read) {
        this.size = read;
        return this;
    }

    public FakeMetadata withDensity(Observation<WmDensity> read) {
        this.density = read;
        return this;
    }

    public FakeMetadata withRotation(Observation<Integer> read) {
        this.rotation = read;
        return this;
    }

    public FakeMetadata withOperatorVersion(Observation<String> read) {
        this.operatorVersion = read;
        return this;
    }

    /** Makes the read named {@code read} (e.g. "dumpsys input") throw, as a broken adapter would. */
    public FakeMetadata throwingOn(String read, RuntimeException exception) {
        throwing.put(read, exception);
        return this;
    }

    /**
     * A signal arriving during the read named {@code read}: {@code by} cancels the deadline and the
     * read ends COMMAND_CANCELLED, dispatched, as the adapter reports it.
     */
    public FakeMetadata cancellingDuring(String read, String by) {
        cancelling.put(read, by);
        return this;
    }

    /** The name of every read attempted, in order. */
    public List<String> reads() {
        synchronized (reads) {
            return List.copyOf(reads);
        }
    }

    @Override
    public Observation<PropertyInventory> properties(String serial, Deadline deadline) {
        return answer("getprop", properties, deadline);
    }

    @Override
    public Observation<WmSize> displaySize(String serial, Deadline deadline) {
        return answer("wm size", size, deadline);
    }

    @Override
    public Observation<WmDensity> displayDensity(String serial, Deadline deadline) {
        return answer("wm density", density, deadline);
    }

    @Override
    public Observation<Integer> rotation(String serial, Deadline deadline) {
        return answer("dumpsys input", rotation, deadline);
    }

    @Override
    public Observation<String> operatorVersion(String serial, String operatorPackage, Deadline deadline) {
        return answer("dumpsys package " + operatorPackage, operatorVersion, deadline);
    }

    @Override
    public Optional<Readings> readTogether(String serial, @Nullable String operatorPackage, Deadline deadline) {
        if (!together || refused || deadline.cancelled() || deadline.expired()) {
            return Optional.empty();
        }
        Observation<PropertyInventory> inventory = answerSent("getprop", properties, deadline);
        Observation<WmSize> wmSize = answerSent("wm size", size, deadline);
        Observation<WmDensity> wmDensity = answerSent("wm density", density, deadline);
        Observation<Integer> inputRotation = answerSent("dumpsys input", rotation, deadline);
        Optional<Observation<String>> version = operatorPackage == null ? Optional.empty()
                : Optional.of(answerSent("dumpsys package " + operatorPackage, operatorVersion, deadline));
        return Optional.of(new Readings(inventory, wmSize, wmDensity, inputRotation, version));
    }

    /** A read sent with the others: a cancellation before its turn found it sent. */
    private <T> Observation<T> answerSent(String read, Observation<T> scripted, Deadline deadline) {
        if (deadline.cancelled() && !cancelling.containsKey(read) && !throwing.containsKey(read)) {
            reads.add(read);
            afterRead.accept(read);
            return new Observation.Unavailable<>(com.androperator.evidence.domain.model.Failure.of(
                    ErrorCodes.COMMAND_CANCELLED, "cancelled while `" + read + "` ran with the others"), true);
        }
        return answer(read, scripted, deadline, true);
    }

    private <T> Observation<T> answer(String read, Observation<T> scripted, Deadline deadline) {
        return answer(read, scripted, deadline, false);
    }

    /** {@code sentWithOthers}: the read went out in one command with the others, so a budget spent before its turn cut it short. */
    private <T> Observation<T> answer(String read, Observation<T> scripted, Deadline deadline, boolean sentWithOthers) {
        try {
            return scripted(read, scripted, deadline, sentWithOthers);
        } finally {
            afterRead.accept(read);
        }
    }

    private <T> Observation<T> scripted(String read, Observation<T> scripted, Deadline deadline, boolean sentWithOthers) {
        reads.add(read);
        if (throwing.containsKey(read)) {
            throw throwing.get(read);
        }
        if (cancelling.containsKey(read)) {
            deadline.cancellation().cancel(cancelling.get(read));
            return new Observation.Unavailable<>(com.androperator.evidence.domain.model.Failure.of(
                    ErrorCodes.COMMAND_CANCELLED, "cancelled during `" + read + "`"), true);
        }
        if (deadline.cancelled() && !deadline.expired()) {
            return new Observation.Unavailable<>(com.androperator.evidence.domain.model.Failure.of(
                    ErrorCodes.COMMAND_CANCELLED, "cancelled before `" + read + "`"), false);
        }
        if (deadline.expired() && !sentWithOthers) {
            return new Observation.Unavailable<>(com.androperator.evidence.domain.model.Failure.of(
                    ErrorCodes.COMMAND_TIMEOUT, "the budget ran out before `" + read + "`; it was not sent"), false);
        }
        if (refused) {
            return new Observation.Unavailable<>(com.androperator.evidence.domain.model.Failure.of(
                    ErrorCodes.METADATA_UNAVAILABLE, "`" + read + "` was not run: the adb server refused the request"),
                    false);
        }
        if (!clock.spend(millisOn.getOrDefault(read, millisPerRead), deadline)) {
            return Observation.unavailable(ErrorCodes.COMMAND_TIMEOUT, read + " did not finish before the deadline");
        }
        return scripted;
    }
}
