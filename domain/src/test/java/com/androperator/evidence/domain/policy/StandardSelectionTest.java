package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.policy.StandardSelection.Source;
import com.androperator.evidence.domain.policy.StandardSelection.Target;
import com.androperator.evidence.domain.model.Failure;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The standard selections' precedence: explicit, then the environment, then the default; never a variant switch. */
class StandardSelectionTest {
    private static final Map<String, String> BOTH = Map.of(StandardSelection.SERIAL_VARIABLE, "emulator-5556",
            StandardSelection.OPERATOR_PACKAGE_VARIABLE, "com.androperator.operator.dev");

    @Test
    void withNothingGivenTheDeviceIsTheOneAttachedAndThePackageTheDefault() {
        Target target = StandardSelection.resolve(CliLikeTerms.INSTANCE, null, null, Map.of()).valueOrNull();
        assertThat(target).isEqualTo(new Target(null, Source.NONE, "com.androperator.operator", Source.DEFAULT));
    }

    @Test
    void theEnvironmentFillsWhatTheCallerLeftOut() {
        Target target = StandardSelection.resolve(CliLikeTerms.INSTANCE, null, null, BOTH).valueOrNull();
        assertThat(target).isEqualTo(new Target("emulator-5556", Source.ENVIRONMENT, "com.androperator.operator.dev",
                Source.ENVIRONMENT));
    }

    @Test
    void explicitValuesWinOverTheEnvironmentAndAreLeftToTheRequestsValidation() {
        Target target = StandardSelection.resolve(CliLikeTerms.INSTANCE, "serial-1", "com.clawperator.operator", BOTH).valueOrNull();
        assertThat(target).isEqualTo(new Target("serial-1", Source.EXPLICIT, "com.clawperator.operator", Source.EXPLICIT));
        // An explicit bad value is not this rule's to judge: capture validation names --device for it.
        assertThat(StandardSelection.resolve(CliLikeTerms.INSTANCE, "bad serial", null, BOTH).valueOrNull().deviceSerial()).isEqualTo("bad serial");
    }

    @Test
    void anEmptyAndroidSerialCountsAsUnsetAsForAdb() {
        Target target = StandardSelection.resolve(CliLikeTerms.INSTANCE, null, null, Map.of(StandardSelection.SERIAL_VARIABLE, "")).valueOrNull();
        assertThat(target.deviceSerial()).isNull();
        assertThat(target.deviceSource()).isEqualTo(Source.NONE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"has space", "semi;colon", " "})
    void anUnusableAndroidSerialIsRefusedNamingTheVariable(String serial) {
        Failure failure = StandardSelection.resolve(CliLikeTerms.INSTANCE, null, null, Map.of(StandardSelection.SERIAL_VARIABLE, serial))
                .rejection().orElseThrow();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failure.message()).startsWith("ANDROID_SERIAL is not a usable adb serial");
        assertThat(failure.details().asMap()).containsEntry("option", "ANDROID_SERIAL");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "operator", "com..operator", "1com.operator"})
    void anInvalidOperatorPackageVariableIsRefusedNamingTheVariable(String value) {
        Failure failure = StandardSelection.resolve(CliLikeTerms.INSTANCE, "s", null,
                Map.of(StandardSelection.OPERATOR_PACKAGE_VARIABLE, value)).rejection().orElseThrow();
        assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failure.message()).startsWith("ANDROPERATOR_OPERATOR_PACKAGE is")
                .contains("com.androperator.operator");
        assertThat(failure.details().asMap()).containsEntry("option", "ANDROPERATOR_OPERATOR_PACKAGE");
    }

    @Test
    void theDevicePartAloneTakesAndroidSerialButNoDefault() {
        assertThat(StandardSelection.device(CliLikeTerms.INSTANCE, null, BOTH).valueOrNull()).isEqualTo("emulator-5556");
        assertThat(StandardSelection.device(CliLikeTerms.INSTANCE, "given", BOTH).valueOrNull()).isEqualTo("given");
        assertThat(StandardSelection.device(CliLikeTerms.INSTANCE, null, Map.of()).valueOrNull()).isNull();
    }
}
