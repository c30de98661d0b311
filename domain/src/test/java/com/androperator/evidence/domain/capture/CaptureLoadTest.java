package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The count of captures running at once, and when it leaves a processor for a PNG check's thread. */
class CaptureLoadTest {

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void aLoadWithoutProcessorsIsRefused(int processors) {
        assertThatThrownBy(() -> new CaptureLoad(processors))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a capture load needs at least one processor, not " + processors);
    }

    @Test
    void aProcessorIsSpareUntilMoreCapturesRunThanThereAreProcessors() {
        CaptureLoad load = new CaptureLoad(2);
        assertThat(load.hasAProcessorPerCapture()).isTrue();
        load.enter();
        assertThat(load.hasAProcessorPerCapture()).isTrue();
        load.enter();
        assertThat(load.hasAProcessorPerCapture()).as("two captures on two processors").isTrue();
        load.enter();
        assertThat(load.hasAProcessorPerCapture()).as("three captures on two processors").isFalse();
        assertThat(load.running()).isEqualTo(3);
        load.leave();
        assertThat(load.hasAProcessorPerCapture()).isTrue();
        load.leave();
        load.leave();
        assertThat(load.running()).isZero();
    }

    @Test
    void leavingALoadNobodyEnteredIsABugAndChangesNothing() {
        CaptureLoad load = new CaptureLoad(1);
        assertThatThrownBy(load::leave)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a capture left a load it had not entered");
        assertThat(load.running()).isZero();
        load.enter();
        load.enter();
        assertThat(load.hasAProcessorPerCapture()).isFalse();
    }

    @Test
    void theJvmsLoadIsOneForEveryCaptureOfTheProcess() {
        assertThat(CaptureLoad.ofThisJvm()).isSameAs(CaptureLoad.ofThisJvm());
    }
}
