package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.port.DeviceMetadataSource.PropertyInventory;
import com.androperator.evidence.domain.model.Observation;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class BuildPropertiesTest {
    private static final Map<String, String> PIXEL = Map.of(
            "ro.build.version.sdk", "34",
            "ro.build.version.release", "14",
            "ro.product.manufacturer", "Google",
            "ro.product.model", "Pixel 8");

    @Test
    void readsTheBuildFacts() {
        BuildProperties build = BuildProperties.from(Observation.of(new PropertyInventory(PIXEL, true)));
        assertThat(build).isEqualTo(new BuildProperties(34, "14", "Google", "Pixel 8", java.util.List.of()));
    }

    @ParameterizedTest
    @CsvSource({"1,1", "23,23", "34,34", "35,35", "007,7"})
    void theApiLevelIsTheSdkDigits(String sdk, int level) {
        assertThat(build("ro.build.version.sdk", sdk).apiLevel()).isEqualTo(level);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "0", "-1", "34 ", " 34", "34.0", "S", "99999999999", "３４"})
    void anSdkThatIsNotAPositiveDecimalIsUnavailable(String sdk) {
        BuildProperties build = build("ro.build.version.sdk", sdk);
        assertThat(build.apiLevel()).isNull();
        assertThat(build.errors()).singleElement().satisfies(error -> assertError(error, "apiLevel",
                ErrorCodes.EVIDENCE_CAPTURE_FAILED));
    }

    @ParameterizedTest
    @CsvSource({"ro.build.version.sdk,apiLevel", "ro.build.version.release,ro.build.version.release",
            "ro.product.manufacturer,ro.product.manufacturer", "ro.product.model,ro.product.model"})
    void aMissingPropertyIsNullWithAnError(String property, String component) {
        Map<String, String> inventory = new HashMap<>(PIXEL);
        inventory.remove(property);
        BuildProperties build = BuildProperties.from(Observation.of(new PropertyInventory(inventory, true)));
        assertThat(build.errors()).singleElement().satisfies(error -> assertError(error, component,
                ErrorCodes.EVIDENCE_CAPTURE_FAILED));
    }

    @Test
    void aFailedReadMakesEveryBuildFactUnavailableWithTheReadsCode() {
        BuildProperties build = BuildProperties.from(Observation.unavailable(ErrorCodes.COMMAND_TIMEOUT, "budget spent"));
        assertThat(build.apiLevel()).isNull();
        assertThat(build.androidVersion()).isNull();
        assertThat(build.manufacturer()).isNull();
        assertThat(build.model()).isNull();
        assertThat(build.errors()).extracting(BundleError::component)
                .containsExactly("apiLevel", "ro.build.version.release", "ro.product.manufacturer", "ro.product.model");
        assertThat(build.errors()).allSatisfy(error -> {
            assertThat(error.code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
            assertThat(error.message()).contains("budget spent");
        });
    }

    @Test
    void aMalformedInventoryStillGivesTheFactsOfItsWellFormedLines() {
        BuildProperties build = BuildProperties.from(Observation.of(new PropertyInventory(PIXEL, false)));
        assertThat(build).isEqualTo(new BuildProperties(34, "14", "Google", "Pixel 8", java.util.List.of()));
    }

    @Test
    void aMalformedInventoryCostsOnlyTheFieldsWhosePropertyIsMissing() {
        Map<String, String> inventory = new HashMap<>(PIXEL);
        inventory.remove("ro.product.model");
        BuildProperties build = BuildProperties.from(Observation.of(new PropertyInventory(inventory, false)));
        assertThat(build.apiLevel()).isEqualTo(34);
        assertThat(build.model()).isNull();
        assertThat(build.errors()).singleElement().satisfies(error -> {
            assertError(error, "ro.product.model", ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(error.message()).contains("ro.product.model is absent or empty",
                    "lines that are not properties");
        });
    }

    private static BuildProperties build(String property, String value) {
        Map<String, String> inventory = new HashMap<>(PIXEL);
        inventory.put(property, value);
        return BuildProperties.from(Observation.of(new PropertyInventory(inventory, true)));
    }

    private static void assertError(BundleError error, String component, String code) {
        assertThat(error.component()).isEqualTo(component);
        assertThat(error.code()).isEqualTo(code);
        assertThat(error.stage()).isEqualTo("metadata");
    }
}
