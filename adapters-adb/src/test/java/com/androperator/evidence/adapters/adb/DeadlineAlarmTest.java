package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The alarm that closes an adb request's socket at its deadline: it rings once the deadline has
 * passed by the deadline's own clock, never after it was closed, and an alarm due before every
 * other wakes the alarm thread for itself. The waits below are safety nets far above the alarms'
 * times, not timing assertions.
 */
class DeadlineAlarmTest {
    private static final long SAFETY_SECONDS = 30;

    @Test
    void anAlarmRingsOnceItsDeadlineHasPassed() throws InterruptedException {
        Deadline deadline = Deadline.after(MonotonicClock.SYSTEM, 50);
        CountDownLatch rung = new CountDownLatch(1);
        AtomicBoolean expiredWhenRung = new AtomicBoolean();

        DeadlineAlarm alarm = DeadlineAlarm.set(deadline, () -> {
            expiredWhenRung.set(deadline.expired());
            rung.countDown();
        });

        assertThat(rung.await(SAFETY_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(expiredWhenRung).isTrue();
        assertThat(alarm.rang()).isTrue();
    }

    @Test
    void aClosedAlarmNeverRings() throws InterruptedException {
        AtomicBoolean closedOneRang = new AtomicBoolean();
        DeadlineAlarm closed = DeadlineAlarm.set(Deadline.after(MonotonicClock.SYSTEM, 20), () -> closedOneRang.set(true));
        closed.close();
        CountDownLatch laterRung = new CountDownLatch(1);

        DeadlineAlarm.set(Deadline.after(MonotonicClock.SYSTEM, 60), laterRung::countDown);

        // Alarms ring in the order they are due: once the later one has, the closed one would have too.
        assertThat(laterRung.await(SAFETY_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(closedOneRang).isFalse();
        assertThat(closed.rang()).isFalse();
    }

    @Test
    void anAlarmDueBeforeEveryOtherRingsAtItsOwnTime() throws InterruptedException {
        DeadlineAlarm distant = DeadlineAlarm.set(Deadline.after(MonotonicClock.SYSTEM, 600_000), () -> { });
        try {
            CountDownLatch soonRung = new CountDownLatch(1);
            DeadlineAlarm.set(Deadline.after(MonotonicClock.SYSTEM, 30), soonRung::countDown);

            assertThat(soonRung.await(SAFETY_SECONDS, TimeUnit.SECONDS)).isTrue();
            assertThat(distant.rang()).isFalse();
        } finally {
            distant.close();
        }
    }

    @Test
    void anAlarmDueEarlyByItsDeadlinesClockWaitsForThatClock() throws InterruptedException {
        AtomicLong now = new AtomicLong();
        Deadline deadline = Deadline.after(now::get, 5);
        CountDownLatch rung = new CountDownLatch(1);
        AtomicBoolean clockAdvancedFirst = new AtomicBoolean();
        AtomicBoolean advanced = new AtomicBoolean();

        DeadlineAlarm.set(deadline, () -> {
            clockAdvancedFirst.set(advanced.get());
            rung.countDown();
        });
        // Its 5 ms pass on the alarm thread's clock again and again; the deadline's clock stands still.
        assertThat(rung.await(200, TimeUnit.MILLISECONDS)).isFalse();
        advanced.set(true);
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(5));

        assertThat(rung.await(SAFETY_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(clockAdvancedFirst).isTrue();
    }

    /**
     * A listener whose accept queue is full drops new connections' SYNs, so a plain connect would
     * wait out the kernel's retries (minutes); the request's alarm ends it at its deadline.
     */
    @Test
    void aConnectThatTheServerNeverAcceptsEndsAtTheDeadline() throws Exception {
        // With tcp_abort_on_overflow the kernel refuses such a connect at once instead of dropping it.
        Path abortOnOverflow = Path.of("/proc/sys/net/ipv4/tcp_abort_on_overflow");
        assumeTrue(Files.isReadable(abortOnOverflow) && Files.readString(abortOnOverflow).trim().equals("0"),
                "needs Linux, where a full accept queue drops new connections");
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<SocketChannel> queued = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    SocketChannel filler = SocketChannel.open();
                    filler.configureBlocking(false);
                    filler.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()));
                    queued.add(filler);
                }
                Map<String, String> environment = Map.of("ANDROID_ADB_SERVER_PORT",
                        Integer.toString(listener.getLocalPort()), "PATH", "/nonexistent");

                StreamResult result = new AdbServerClient(environment)
                        .hostQuery("host:version", Deadline.after(MonotonicClock.SYSTEM, 300));

                assertThat(result.outcome()).isEqualTo(StreamResult.Outcome.DEADLINE);
                assertThat(result.detail()).startsWith("connecting to ");
            } finally {
                for (SocketChannel filler : queued) {
                    filler.close();
                }
            }
        }
    }
}

