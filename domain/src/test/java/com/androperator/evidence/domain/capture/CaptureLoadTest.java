package com.androperator.evidence.domain.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The count of captures running at once, and when it leaves room for a PNG check's own thread. */
class CaptureLoadTest {

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void aLoadWithoutProcessorsIsRefused(int processors) {
        assertThatThrownBy(() -> new CaptureLoad(processors))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a capture load needs at least one processor, not " + processors);
    }

    @Test
    void aHelperThreadHasRoomUpToFourCapturesAProcessor() {
        CaptureLoad load = new CaptureLoad(2);
        assertThat(load.leavesRoomForAHelperThread()).isTrue();
        for (int capture = 1; capture <= 8; capture++) {
            load.enter();
            assertThat(load.leavesRoomForAHelperThread()).as("%d captures on two processors", capture).isTrue();
        }
        load.enter();
        assertThat(load.leavesRoomForAHelperThread()).as("nine captures on two processors").isFalse();
        assertThat(load.running()).isEqualTo(9);
        load.leave();
        assertThat(load.leavesRoomForAHelperThread()).isTrue();
        for (int capture = 8; capture > 0; capture--) {
            load.leave();
        }
        assertThat(load.running()).isZero();
    }

    @Test
    void leavingALoadNobodyEnteredIsABugAndChangesNothing() {
        CaptureLoad load = new CaptureLoad(1);
        assertThatThrownBy(load::leave)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a capture left a load it had not entered");
        assertThat(load.running()).isZero();
        for (int capture = 0; capture <= CaptureLoad.CAPTURES_PER_PROCESSOR; capture++) {
            load.enter();
        }
        assertThat(load.leavesRoomForAHelperThread()).as("the count still works").isFalse();
    }

    @Test
    void theJvmsLoadIsOneForEveryCaptureOfTheProcess() {
        assertThat(CaptureLoad.ofThisJvm()).isSameAs(CaptureLoad.ofThisJvm());
    }
}
