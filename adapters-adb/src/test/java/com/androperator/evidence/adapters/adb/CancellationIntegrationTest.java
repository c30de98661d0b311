package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.model.CommandPhase;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Cancellation;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.model.Observation;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorAction;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorCommand;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorOutcome.NotAnswered;
import com.androperator.evidence.domain.port.ScreenshotSource;
import com.androperator.evidence.domain.port.ScreenshotSource.ScreenshotTransfer;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.fixtures.MalformedUtf8;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ServiceFault;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The deadline's cancellation through the real adb server: a call blocked on a stalled device
 * returns as soon as another thread cancels (its socket is closed), reports COMMAND_CANCELLED with
 * the phase and dispatch state, and nothing is sent to the device after the cancellation. The
 * budget is a minute, so returning early can only be the cancellation. Times are printed, not
 * asserted.
 */
@Timeout(60)
class CancellationIntegrationTest {
    private static final String OPERATOR = "com.androperator.operator.dev";
    private static final long BUDGET = 55_000;
    @RegisterExtension
    static final AdbLabExtension adb = new AdbLabExtension();

    /** What the phone reports once the call under test is where the cancellation must find it. */
    @FunctionalInterface
    private interface PhoneEvent {
        String await() throws InterruptedException;
    }

    /** Cancels as "SIGINT" once {@code event} happened; the nanoTime of the cancel goes to {@code at}. */
    private static CompletableFuture<Void> cancelOn(PhoneEvent event, Cancellation cancellation, AtomicLong at) {
        return CompletableFuture.runAsync(() -> {
            try {
                assertThat(event.await()).as("the phone got there").isNotNull();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            at.set(System.nanoTime());
            cancellation.cancel("SIGINT");
        });
    }

    private static CompletableFuture<Void> cancelOnStall(DeviceSimulator phone, Predicate<String> command,
                                                         Cancellation cancellation, AtomicLong at) {
        return cancelOn(() -> phone.awaitStall(command, Duration.ofSeconds(30)), cancellation, at);
    }

    private static Deadline budget(Cancellation cancellation) {
        return Deadline.after(MonotonicClock.SYSTEM, BUDGET, cancellation);
    }

    private static void report(String what, AtomicLong cancelledAt) {
        System.out.printf("cancellation to return, %s: %.1f ms%n", what, (System.nanoTime() - cancelledAt.get()) / 1e6);
    }

    @Test
    void aScreenshotStalledMidTransferReturnsAtOnceWithTheBytesReceived() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .fault("screencap", ServiceFault.stallAfterBytes(300_000)).build());
        Cancellation cancellation = new Cancellation();
        AtomicLong at = new AtomicLong();
        // Cancelled once the phone is stuck and the first bytes reached the sink (the transport may still hold more).
        CountDownLatch firstBytes = new CountDownLatch(1);
        CompletableFuture<Void> canceller = cancelOn(() -> {
            String stalled = phone.awaitStall(c -> c.startsWith("screencap"), Duration.ofSeconds(30));
            return firstBytes.await(30, TimeUnit.SECONDS) ? stalled : null;
        }, cancellation, at);

        ByteArrayOutputStream sunk = new ByteArrayOutputStream();
        ScreenshotTransfer transfer = new AdbScreenshotSource(new AdbServerClient(adb.environment())).capture(phone.serial(), budget(cancellation),
                (bytes, offset, length) -> {
                    sunk.write(bytes, offset, length);
                    firstBytes.countDown();
                    return true;
                });
        report("screenshot transfer", at);
        canceller.join();

        assertThat(transfer.transportCompleted()).isFalse();
        assertThat(transfer.failure()).hasValueSatisfying(failure -> {
            assertThat(failure.code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
            assertThat(failure.details().asMap()).containsEntry("phase", "transfer").containsEntry("dispatched", true);
        });
        assertThat(transfer.cancelled()).contains(new ScreenshotSource.Cancelled(CommandPhase.TRANSFER, true));
        assertThat(transfer.bytesReceived()).isBetween(1L, 300_000L);
        assertThat(sunk.size()).as("every byte received went to the sink").isEqualTo(transfer.bytesReceived());
        assertThat(transfer.receipt().orElseThrow().bytesReceived()).isEqualTo(transfer.bytesReceived());
    }

    @Test
    void aMetadataReadOnASilentDeviceReturnsAtOnceAndNothingFollowsIt() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .fault("wm size", ServiceFault.stallAfterBytes(0)).build());
        Cancellation cancellation = new Cancellation();
        AtomicLong at = new AtomicLong();
        CompletableFuture<Void> canceller = cancelOnStall(phone, c -> c.equals("wm size"), cancellation, at);
        AdbDeviceMetadata metadata = new AdbDeviceMetadata(new AdbServerClient(adb.environment()));
        Deadline deadline = budget(cancellation);

        var size = metadata.displaySize(phone.serial(), deadline);
        report("metadata read", at);
        canceller.join();
        int servicesAfterCancel = phone.receivedServices().size();
        var density = metadata.displayDensity(phone.serial(), deadline);

        assertThat(size).isInstanceOfSatisfying(Observation.Unavailable.class, unavailable -> {
            assertThat(unavailable.failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
            assertThat(unavailable.dispatched()).isTrue();
        });
        assertThat(density).isInstanceOfSatisfying(Observation.Unavailable.class, unavailable ->
                assertThat(unavailable.failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED));
        assertThat(phone.receivedServices()).as("nothing is sent after the cancellation").hasSize(servicesAfterCancel);
    }

    @Test
    void aCheckStalledBeforeDispatchEndsUndispatched() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .fault("pm list", ServiceFault.stallAfterBytes(0)).build());
        Cancellation cancellation = new Cancellation();
        AtomicLong at = new AtomicLong();
        CompletableFuture<Void> canceller = cancelOnStall(phone, c -> c.startsWith("pm list"), cancellation, at);

        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(snapshot(phone), budget(cancellation));
        report("installed check", at);
        canceller.join();

        NotAnswered notAnswered = (NotAnswered) outcome;
        assertThat(notAnswered.failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(notAnswered.phase()).isEqualTo(CommandPhase.INSTALLED_CHECK);
        assertThat(notAnswered.dispatched()).isFalse();
        assertThat(phone.receivedServices()).noneMatch(s -> s.contains("am broadcast") || s.contains("logcat"));
    }

    @Test
    void aSilentOperatorAfterDispatchEndsAtOnceAndTheBroadcastWentOutOnce() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.SILENT)).build());
        Cancellation cancellation = new Cancellation();
        AtomicLong at = new AtomicLong();
        CompletableFuture<Void> canceller = cancelOn(() -> phone.awaitService(s -> s.contains("am broadcast"),
                Duration.ofSeconds(30)), cancellation, at);

        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(snapshot(phone), budget(cancellation));
        report("await result", at);
        canceller.join();

        NotAnswered notAnswered = (NotAnswered) outcome;
        assertThat(notAnswered.failure().code()).as(notAnswered.failure().message()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(notAnswered.phase()).isIn(CommandPhase.DISPATCH, CommandPhase.AWAIT_RESULT);
        assertThat(phone.receivedServices()).filteredOn(s -> s.contains("am broadcast")).hasSize(1);
    }

    /**
     * A result of tens of MiB streaming in when the caller cancels: the phone stalls after 20 MiB of
     * logcat, far past the in-memory limit (4 MiB of decoded chunks) even with the transport's
     * buffers still holding some of it, so the chunks are in a temporary spool. The reader's socket
     * closes, nothing is answered, the broadcast went out once, and no spool is left open. How many
     * spools were open at the cancellation is printed, not asserted.
     */
    @Test
    void aLargeResultStreamingInWhenCancelledEndsAtOnceAndFreesItsSpool() {
        byte[] hierarchy = MalformedUtf8.hierarchyWith(new byte[0], 24 * 1024 * 1024);
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder()
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", hierarchy)))
                .fault("logcat", ServiceFault.stallAfterBytes(20L * 1024 * 1024)).build());
        long spoolsBefore = openResultSpools();
        AtomicLong spoolsAtCancel = new AtomicLong(-1);
        Cancellation cancellation = new Cancellation();
        AtomicLong at = new AtomicLong();
        CompletableFuture<Void> canceller = cancelOn(() -> {
            String stalled = phone.awaitStall(c -> c.startsWith("logcat"), Duration.ofSeconds(30));
            spoolsAtCancel.set(openResultSpools() - spoolsBefore);
            return stalled;
        }, cancellation, at);

        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(snapshot(phone), budget(cancellation));
        report("large result streaming in", at);
        canceller.join();
        System.out.printf("result spools open at the cancellation: %d%n", spoolsAtCancel.get());

        NotAnswered notAnswered = (NotAnswered) outcome;
        assertThat(notAnswered.failure().code()).as(notAnswered.failure().message()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(notAnswered.phase()).isIn(CommandPhase.DISPATCH, CommandPhase.AWAIT_RESULT);
        assertThat(notAnswered.dispatched()).isTrue();
        assertThat(phone.receivedServices()).filteredOn(s -> s.contains("am broadcast")).hasSize(1);
        assertThat(openResultSpools()).as("spool files still open").isEqualTo(spoolsBefore);
    }

    /** This JVM's open, already unlinked result spools. */
    private static long openResultSpools() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().contains("androperator-result-");
                } catch (IOException e) {
                    return false; // closed while listing
                }
            }).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aDeadlineCancelledBeforeACallSendsNothingAtAll() {
        DeviceSimulator phone = adb.attach(SimulatorProfile.builder().build());
        int before = phone.receivedServices().size();
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("SIGTERM");
        Deadline deadline = budget(cancellation);

        AtomicLong sunk = new AtomicLong();
        ScreenshotTransfer transfer = new AdbScreenshotSource(new AdbServerClient(adb.environment())).capture(phone.serial(), deadline,
                (bytes, offset, length) -> {
                    sunk.addAndGet(length);
                    return true;
                });
        OperatorOutcome outcome = new AdbOperatorGateway(new AdbServerClient(adb.environment())).execute(snapshot(phone), deadline);
        StreamResult version = new AdbServerClient(adb.environment()).hostQuery("host:version", deadline);

        assertThat(transfer.failure().orElseThrow().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(transfer.failure().orElseThrow().details().asMap()).containsEntry("phase", "display_selection")
                .containsEntry("dispatched", false);
        assertThat(transfer.cancelled()).contains(new ScreenshotSource.Cancelled(CommandPhase.DISPLAY_SELECTION, false));
        assertThat(transfer.bytesReceived()).isZero();
        assertThat(sunk.get()).isZero();
        assertThat(((NotAnswered) outcome).dispatched()).isFalse();
        assertThat(((NotAnswered) outcome).failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
        assertThat(version.outcome()).isEqualTo(StreamResult.Outcome.CANCELLED);
        assertThat(phone.receivedServices()).hasSize(before);
    }

    private static OperatorCommand snapshot(DeviceSimulator phone) {
        return new OperatorCommand(phone.serial(), OPERATOR, "cancel-test-hierarchy", "cancel-test",
                "androperator-evidence", 10_000, List.of(new OperatorAction("snap", "snapshot_ui")));
    }
}
