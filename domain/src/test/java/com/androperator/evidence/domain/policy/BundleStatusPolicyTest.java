package com.androperator.evidence.domain.policy;

import static com.androperator.evidence.contracts.ArtifactStatus.COMPLETE;
import static com.androperator.evidence.contracts.ArtifactStatus.FAILED;
import static com.androperator.evidence.contracts.ArtifactStatus.PARTIAL;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BundleStatusPolicyTest {

    static Stream<Arguments> statusTable() {
        return Stream.of(
                // screenshot, hierarchy, metadata available, captures.json persisted -> status
                Arguments.of(COMPLETE, COMPLETE, true, true, BundleStatus.COMPLETE),
                Arguments.of(COMPLETE, COMPLETE, false, true, BundleStatus.PARTIAL),
                Arguments.of(COMPLETE, COMPLETE, true, false, BundleStatus.PARTIAL),
                Arguments.of(COMPLETE, COMPLETE, false, false, BundleStatus.PARTIAL),
                Arguments.of(COMPLETE, PARTIAL, true, true, BundleStatus.PARTIAL),
                Arguments.of(COMPLETE, FAILED, true, true, BundleStatus.PARTIAL),
                Arguments.of(PARTIAL, COMPLETE, true, true, BundleStatus.PARTIAL),
                Arguments.of(FAILED, COMPLETE, true, true, BundleStatus.PARTIAL),
                Arguments.of(FAILED, COMPLETE, false, false, BundleStatus.PARTIAL),
                Arguments.of(PARTIAL, PARTIAL, true, true, BundleStatus.FAILED),
                Arguments.of(PARTIAL, FAILED, true, true, BundleStatus.FAILED),
                Arguments.of(FAILED, PARTIAL, true, true, BundleStatus.FAILED),
                Arguments.of(FAILED, FAILED, true, true, BundleStatus.FAILED),
                Arguments.of(FAILED, FAILED, false, false, BundleStatus.FAILED));
    }

    @ParameterizedTest(name = "screenshot {0}, hierarchy {1}, metadata {2}, receipts {3} -> {4}")
    @MethodSource("statusTable")
    void followsTheSpecsStatusTable(ArtifactStatus screenshot, ArtifactStatus hierarchy, boolean metadata,
                                    boolean receipts, BundleStatus expected) {
        assertThat(BundleStatusPolicy.decide(screenshot, hierarchy, metadata, receipts)).isEqualTo(expected);
    }

    static Stream<Arguments> everyCombination() {
        List<Arguments> rows = new ArrayList<>();
        for (ArtifactStatus screenshot : ArtifactStatus.values()) {
            for (ArtifactStatus hierarchy : ArtifactStatus.values()) {
                for (boolean metadata : new boolean[] {true, false}) {
                    for (boolean receipts : new boolean[] {true, false}) {
                        rows.add(Arguments.of(screenshot, hierarchy, metadata, receipts));
                    }
                }
            }
        }
        return rows.stream();
    }

    /** The three sentences of the table, checked over every combination. */
    @ParameterizedTest
    @MethodSource("everyCombination")
    void completeNeedsEverythingFailedMeansNoUsableCaptureAndPartialIsTheRest(ArtifactStatus screenshot,
            ArtifactStatus hierarchy, boolean metadata, boolean receipts) {
        BundleStatus status = BundleStatusPolicy.decide(screenshot, hierarchy, metadata, receipts);
        boolean anyUsable = screenshot == COMPLETE || hierarchy == COMPLETE;
        boolean everything = screenshot == COMPLETE && hierarchy == COMPLETE && metadata && receipts;
        assertThat(status == BundleStatus.COMPLETE).isEqualTo(everything);
        assertThat(status == BundleStatus.FAILED).isEqualTo(!anyUsable);
        assertThat(status == BundleStatus.PARTIAL).isEqualTo(anyUsable && !everything);
    }
}
