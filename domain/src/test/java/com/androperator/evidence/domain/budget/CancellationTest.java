package com.androperator.evidence.domain.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.domain.fakes.ManualMonotonicClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CancellationTest {
    private final Cancellation cancellation = new Cancellation();
    private final List<String> ran = new ArrayList<>();

    @Test
    void theFirstCancellationWinsAndRunsEveryRegisteredActionAtOnce() {
        cancellation.onCancel(() -> ran.add("close socket A"));
        cancellation.onCancel(() -> ran.add("close socket B"));
        assertThat(cancellation.isCancelled()).isFalse();
        assertThat(ran).isEmpty();

        assertThat(cancellation.cancel("SIGINT")).isTrue();
        assertThat(cancellation.cancel("SIGTERM")).isFalse();

        assertThat(ran).containsExactly("close socket A", "close socket B");
        assertThat(cancellation.isCancelled()).isTrue();
        assertThat(cancellation.cancelledBy()).contains("SIGINT");
    }

    @Test
    void anActionRegisteredAfterTheCancellationRunsImmediately() {
        cancellation.cancel("stdin closed");
        cancellation.onCancel(() -> ran.add("late"));
        assertThat(ran).containsExactly("late");
    }

    @Test
    void aLateRegistrationIsStillARegistrationItsCallerCanClose() {
        cancellation.cancel("stdin closed");
        Cancellation.Registration late = cancellation.onCancel(() -> ran.add("late"));
        assertThat(late).isNotNull();
        late.close();
        assertThat(ran).containsExactly("late");
    }

    @Test
    void everyFailingActionIsReportedTheFirstWithTheOthersSuppressed() {
        cancellation.onCancel(() -> {
            throw new IllegalStateException("first");
        });
        cancellation.onCancel(() -> {
            throw new IllegalArgumentException("second");
        });
        assertThatThrownBy(() -> cancellation.cancel("SIGINT")).hasMessage("first")
                .satisfies(thrown -> assertThat(thrown.getSuppressed()).extracting(Throwable::getMessage)
                        .containsExactly("second"));
    }

    @Test
    void aClosedRegistrationIsLeftAlone() {
        Cancellation.Registration done = cancellation.onCancel(() -> ran.add("finished call"));
        cancellation.onCancel(() -> ran.add("running call"));
        done.close();
        done.close();
        cancellation.cancel("SIGINT");
        assertThat(ran).containsExactly("running call");
    }

    @Test
    void aFailingActionDoesNotKeepTheOthersFromRunningAndIsReported() {
        cancellation.onCancel(() -> {
            throw new IllegalStateException("broken");
        });
        cancellation.onCancel(() -> ran.add("still closed"));
        assertThatThrownBy(() -> cancellation.cancel("SIGINT")).hasMessage("broken");
        assertThat(ran).containsExactly("still closed");
        assertThat(cancellation.isCancelled()).isTrue();
    }

    @Test
    void aCancellationNamesWhoAskedForIt() {
        assertThatThrownBy(() -> cancellation.cancel(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cancellation.cancel(null)).isInstanceOf(IllegalArgumentException.class);
        assertThat(cancellation.isCancelled()).isFalse();
    }

    @Test
    void aDeadlineCarriesItsCancellationWhichIsNotExpiry() {
        ManualMonotonicClock clock = new ManualMonotonicClock();
        Deadline deadline = Deadline.after(clock, 1000, cancellation);
        Deadline capped = deadline.capped(100);
        cancellation.cancel("SIGTERM");
        assertThat(deadline.cancelled()).isTrue();
        assertThat(capped.cancelled()).as("a per-call cap shares the cancellation").isTrue();
        assertThat(deadline.expired()).isFalse();
        assertThat(deadline.remainingMillis()).isEqualTo(1000);
        assertThat(Deadline.after(clock, 1000).cancelled()).isFalse();
    }
}
