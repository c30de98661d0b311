package com.androperator.evidence.simulator.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {

    @Test
    void returnsOnceTheConditionHoldsHavingAskedUntilThen() {
        AtomicInteger asked = new AtomicInteger();

        Await.until("the third question", Duration.ofSeconds(30), () -> asked.incrementAndGet() == 3);

        assertThat(asked).hasValue(3);
    }

    @Test
    void aConditionThatNeverHoldsFailsNamingWhatWasAwaited() {
        assertThatThrownBy(() -> Await.until("the door opens", Duration.ofMillis(100), () -> false))
                .isInstanceOf(AssertionError.class)
                .hasMessage("timed out after PT0.1S awaiting: the door opens");
        assertThatThrownBy(() -> Await.until(() -> "the door opens: still shut", Duration.ZERO, () -> false))
                .hasMessageEndingWith("awaiting: the door opens: still shut");
        assertThat(Await.holdsWithin(Duration.ofMillis(100), () -> false)).isFalse();
    }

    @Test
    void anInterruptEndsTheWaitAsNotHeldAndKeepsTheFlag() {
        Thread.currentThread().interrupt();
        try {
            assertThat(Await.holdsWithin(Duration.ofSeconds(30), () -> false)).isFalse();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
