package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Size;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmDensity;
import com.androperator.evidence.domain.port.DeviceMetadataSource.WmSize;
import com.androperator.evidence.domain.model.Observation;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class DisplayGeometryTest {

    static Stream<Arguments> overrideTable() {
        return Stream.of(
                // physical, override size, physical density, override density -> width, height, density
                Arguments.of(new Size(1080, 2400), null, 420, null, 1080, 2400, 420),
                Arguments.of(new Size(1080, 2400), new Size(720, 1600), 420, null, 720, 1600, 420),
                Arguments.of(new Size(1080, 2400), null, 420, 320, 1080, 2400, 320),
                Arguments.of(new Size(1080, 2400), new Size(1440, 3200), 420, 560, 1440, 3200, 560),
                Arguments.of(new Size(2208, 1840), new Size(1080, 2092), 420, 380, 1080, 2092, 380));
    }

    @ParameterizedTest
    @MethodSource("overrideTable")
    void currentWmOverridesTakePrecedenceOverPhysicalValues(Size physical, Size override, int physicalDensity,
                                                             Integer overrideDensity, int width, int height, int density) {
        DisplayGeometry geometry = DisplayGeometry.from(Observation.of(new WmSize(physical, override)),
                Observation.of(new WmDensity(physicalDensity, overrideDensity)), Observation.of(1));
        assertThat(geometry.display()).isEqualTo(new DisplayInfo(width, height, density, 1));
        assertThat(geometry.errors()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void rotationIsZeroToThree(int rotation) {
        assertThat(geometry(Observation.of(rotation)).display().rotation()).isEqualTo(rotation);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 4, 90, 270})
    void aRotationOutsideZeroToThreeIsUnavailable(int rotation) {
        DisplayGeometry geometry = geometry(Observation.of(rotation));
        assertThat(geometry.display().rotation()).isNull();
        assertThat(geometry.errors()).extracting(BundleError::component).containsExactly("display.rotation");
    }

    @Test
    void unreadableGeometryIsNullWithAnErrorPerField() {
        DisplayGeometry geometry = DisplayGeometry.from(
                Observation.unavailable(ErrorCodes.COMMAND_TIMEOUT, "wm size did not finish"),
                Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "wm density printed nothing"),
                Observation.unavailable(ErrorCodes.METADATA_UNAVAILABLE, "no viewport and no SurfaceOrientation"));
        assertThat(geometry.display()).isEqualTo(DisplayInfo.UNKNOWN);
        assertThat(geometry.errors()).extracting(BundleError::component, BundleError::code).containsExactly(
                org.assertj.core.groups.Tuple.tuple("display.size", ErrorCodes.COMMAND_TIMEOUT),
                org.assertj.core.groups.Tuple.tuple("display.density", ErrorCodes.EVIDENCE_CAPTURE_FAILED),
                org.assertj.core.groups.Tuple.tuple("display.rotation", ErrorCodes.EVIDENCE_CAPTURE_FAILED));
        assertThat(geometry.errors()).allSatisfy(error -> assertThat(error.stage()).isEqualTo("metadata"));
    }

    @Test
    void aNonPositiveDensityIsUnavailable() {
        DisplayGeometry geometry = DisplayGeometry.from(Observation.of(new WmSize(new Size(1080, 2400), null)),
                Observation.of(new WmDensity(0, null)), Observation.of(0));
        assertThat(geometry.display().density()).isNull();
        assertThat(geometry.errors()).extracting(BundleError::component).containsExactly("display.density");
    }

    private static DisplayGeometry geometry(Observation<Integer> rotation) {
        return DisplayGeometry.from(Observation.of(new WmSize(new Size(1080, 2400), null)),
                Observation.of(new WmDensity(420, null)), rotation);
    }
}
