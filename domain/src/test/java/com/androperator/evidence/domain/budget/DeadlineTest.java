package com.androperator.evidence.domain.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import org.junit.jupiter.api.Test;

class DeadlineTest {
    private final ManualMonotonicClock clock = new ManualMonotonicClock();

    @Test
    void countsDownOnTheMonotonicClockAndExpiresAtZero() {
        Deadline deadline = Deadline.after(clock, 1500);
        assertThat(deadline.remainingMillis()).isEqualTo(1500);
        clock.advanceMillis(1499);
        assertThat(deadline.remainingMillis()).isEqualTo(1);
        assertThat(deadline.expired()).isFalse();
        clock.advanceMillis(1);
        assertThat(deadline.expired()).isTrue();
        clock.advanceMillis(10_000);
        assertThat(deadline.remainingMillis()).isZero();
    }

    @Test
    void countsDownInNanosecondsToo() {
        Deadline deadline = Deadline.after(clock, 2);
        assertThat(deadline.remainingNanos()).isEqualTo(2_000_000);
        clock.advanceMillis(1);
        assertThat(deadline.remainingNanos()).isEqualTo(1_000_000);
        clock.advanceMillis(5);
        assertThat(deadline.remainingNanos()).isZero();
    }

    @Test
    void aCapNeverExtendsTheBudget() {
        Deadline deadline = Deadline.after(clock, 1000);
        assertThat(deadline.capped(5000)).isSameAs(deadline);
        assertThat(deadline.capped(200).remainingMillis()).isEqualTo(200);
    }

    @Test
    void aNegativeBudgetIsABug() {
        assertThatThrownBy(() -> Deadline.after(clock, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void spendingStopsExactlyAtExpiry() {
        Deadline deadline = Deadline.after(clock, 1000);
        assertThat(clock.spend(400, deadline)).isTrue();
        assertThat(deadline.remainingMillis()).isEqualTo(600);
        assertThat(clock.spend(600, deadline)).isFalse();
        assertThat(deadline.expired()).isTrue();
        assertThat(clock.spend(0, deadline)).isFalse();
    }
}
