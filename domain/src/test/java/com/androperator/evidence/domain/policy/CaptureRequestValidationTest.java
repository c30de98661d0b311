package com.androperator.evidence.domain.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.CallerJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class CaptureRequestValidationTest {

    // --- --output-dir -------------------------------------------------------------------------

    static Stream<Arguments> rejectedOutputDirs() {
        return Stream.of(
                Arguments.of(null, "is required"),
                Arguments.of("", "must not be blank"),
                Arguments.of("   ", "must not be blank"),
                Arguments.of("relative/bundle", "must be absolute"),
                Arguments.of("bundle", "must be absolute"),
                Arguments.of("/", "must not be a filesystem root"),
                Arguments.of("//", "must not be a filesystem root"),
                Arguments.of("/tmp/../etc/bundle", "'..' (parent traversal)"),
                Arguments.of("/tmp/bundle/..", "'..' (parent traversal)"),
                Arguments.of("../bundle", "'..' (parent traversal)"),
                Arguments.of("/tmp/./bundle", "'.' segments"),
                Arguments.of("/tmp/bundle/.", "'.' segments"),
                Arguments.of("/tmp/bu\0ndle", "NUL"));
    }

    @ParameterizedTest
    @MethodSource("rejectedOutputDirs")
    void rejectsOutputDirectoriesTheSpecForbids(String given, String reason) {
        Failure failure = rejection(CaptureRequestValidation.outputDirectory(CliLikeTerms.INSTANCE, given));
        assertValidationFailure(failure, "--output-dir", reason);
        assertThat(failure.message()).contains("absolute path of a new bundle directory");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/absolute/new/bundle", "/tmp/x", "/tmp/..bundle", "/tmp/bundle.../x", "/tmp//double/slash",
            "/tmp/trailing/", "/tmp/.hidden"})
    void acceptsAbsoluteNewDirectories(String given) {
        Checked<Path> checked = CaptureRequestValidation.outputDirectory(CliLikeTerms.INSTANCE, given);
        assertThat(checked.rejection()).isEmpty();
        assertThat(checked.valueOrNull()).isEqualTo(Path.of(given));
    }

    // --- --device ------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"emulator-5554", "R58M123ABC", "192.168.1.20:5555", "adb-R58M-abc._adb-tls-connect._tcp",
            "[fe80::1%25wlan0]:5555", "usb:1-1.2"})
    void acceptsAdbSerials(String serial) {
        assertThat(CaptureRequestValidation.deviceSerial(CliLikeTerms.INSTANCE, serial).valueOrNull()).contains(serial);
    }

    @Test
    void noSerialMeansTheOnlyConnectedDevice() {
        assertThat(CaptureRequestValidation.deviceSerial(CliLikeTerms.INSTANCE, null).valueOrNull()).isEqualTo(Optional.empty());
    }

    static Stream<Arguments> rejectedSerials() {
        return Stream.of(
                Arguments.of("", "must not be blank"),
                Arguments.of(" ", "must not be blank"),
                Arguments.of("emulator 5554", "may contain only"),
                Arguments.of("dev;reboot", "may contain only"),
                Arguments.of("$(id)", "may contain only"),
                Arguments.of("dev\nice", "may contain only"),
                Arguments.of("gerät", "may contain only"),
                Arguments.of("x".repeat(256), "at most 255"));
    }

    @ParameterizedTest
    @MethodSource("rejectedSerials")
    void rejectsSerialsThatAreNotAdbSerials(String serial, String reason) {
        assertValidationFailure(rejection(CaptureRequestValidation.deviceSerial(CliLikeTerms.INSTANCE, serial)), "--device", reason);
    }

    @Test
    void acceptsSerialsUpTo255Characters() {
        assertThat(CaptureRequestValidation.deviceSerial(CliLikeTerms.INSTANCE, "x".repeat(255)).rejection()).isEmpty();
    }

    // --- --operator-package ----------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"com.androperator.operator.dev", "com.androperator.operator", "a.b", "A_1.b2.C_",
            "com.example.app_debug"})
    void acceptsPackageIdentifiersExactlyAsGiven(String name) {
        assertThat(CaptureRequestValidation.operatorPackage(CliLikeTerms.INSTANCE, name).valueOrNull()).isEqualTo(name);
    }

    static Stream<Arguments> rejectedPackages() {
        return Stream.of(
                Arguments.of(null, "is required"),
                Arguments.of("", "is required"),
                Arguments.of("operator", "must be a package identifier"),
                Arguments.of("com..operator", "must be a package identifier"),
                Arguments.of(".com.operator", "must be a package identifier"),
                Arguments.of("com.operator.", "must be a package identifier"),
                Arguments.of("com.1operator", "must be a package identifier"),
                Arguments.of("com._operator", "must be a package identifier"),
                Arguments.of("com.androperator-operator", "must be a package identifier"),
                Arguments.of("com.androperator.operator dev", "must be a package identifier"),
                Arguments.of("com.androperator/operator", "must be a package identifier"),
                Arguments.of("com.androperator.operator;rm", "must be a package identifier"),
                Arguments.of("com.opérateur", "must be a package identifier"),
                Arguments.of("a." + "b".repeat(254), "characters long"));
    }

    @ParameterizedTest
    @MethodSource("rejectedPackages")
    void rejectsAnythingButPackageIdentifierCharacters(String name, String reason) {
        assertValidationFailure(rejection(CaptureRequestValidation.operatorPackage(CliLikeTerms.INSTANCE, name)), "--operator-package", reason);
    }

    @Test
    void acceptsPackagesUpTo255Characters() {
        assertThat(CaptureRequestValidation.operatorPackage(CliLikeTerms.INSTANCE, "a." + "b".repeat(253)).rejection()).isEmpty();
    }

    // --- --label -------------------------------------------------------------------------------

    @Test
    void labelDefaultsToNullAndMayBeEmpty() {
        assertThat(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, null).valueOrNull()).isNull();
        assertThat(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, null).rejection()).isEmpty();
        assertThat(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, "").valueOrNull()).isEmpty();
    }

    @Test
    void labelIsLimitedTo2048Utf16CodeUnits() {
        assertThat(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, "a".repeat(2048)).rejection()).isEmpty();
        // 1024 astral characters are 2048 UTF-16 units (but only 1024 code points).
        assertThat(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, "😀".repeat(1024)).rejection()).isEmpty();
        assertValidationFailure(rejection(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, "a".repeat(2049))), "--label", "2049 UTF-16 code units");
        assertValidationFailure(rejection(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, "a" + "😀".repeat(1024))), "--label", "at most 2048");
    }

    // --- --context-json ------------------------------------------------------------------------

    @Test
    void contextDefaultsToAnEmptyObject() {
        assertThat(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(null)).valueOrNull()).isEqualTo(CallerContext.EMPTY);
    }

    @Test
    void contextIsTheCallersObjectUnchanged() {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("originalVerdict", "failed");
        context.put("commandId", "original-command");
        context.put("nested", Map.of("list", List.of(1, new BigDecimal("2.50"), true)));
        context.put("none", null);
        Map<String, Object> accepted = CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(context)).valueOrNull().asMap();
        assertThat(accepted).isEqualTo(context);
        assertThat(accepted.keySet()).containsExactly("originalVerdict", "commandId", "nested", "none");
    }

    static Stream<Arguments> rejectedContexts() {
        Map<Object, Object> numericKey = new HashMap<>();
        numericKey.put(1, "x");
        return Stream.of(
                Arguments.of(List.of(1, 2), "must be a JSON object, not an array"),
                Arguments.of("{\"a\":1}", "must be a JSON object, not a string"),
                Arguments.of(42, "must be a JSON object, not a number"),
                Arguments.of(true, "must be a JSON object, not a boolean"),
                Arguments.of(new Object(), "must be a JSON object"),
                Arguments.of(numericKey, "non-string key"),
                Arguments.of(Map.of("a", Map.of("b", new Object())), "at $.a.b"),
                Arguments.of(Map.of("a", Arrays.asList(1, Double.NaN)), "non-finite number at $.a[1]"));
    }

    @ParameterizedTest
    @MethodSource("rejectedContexts")
    void rejectsContextsThatAreNotJsonObjects(Object context, String reason) {
        assertValidationFailure(rejection(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(context))), "--context-json", reason);
    }

    @Test
    void contextIsLimitedTo16KiBOfCompactUtf8() {
        // {"k":"<n characters>"} is n + 8 bytes.
        assertThat(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "a".repeat(16384 - 8)))).rejection()).isEmpty();
        assertValidationFailure(rejection(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "a".repeat(16384 - 7))))),
                "--context-json", "16385 bytes");
        // Escapes count as written: each newline is two bytes ("\n").
        assertThat(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "\n".repeat(8188)))).rejection()).isEmpty();
        assertValidationFailure(rejection(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "\n".repeat(8189))))),
                "--context-json", "16386 bytes");
        // Non-ASCII counts in UTF-8 bytes, not characters: é is two bytes.
        assertThat(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "é".repeat(8188)))).rejection()).isEmpty();
        assertValidationFailure(rejection(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "é".repeat(8189))))),
                "--context-json", "16386 bytes");
        // A control character outside the short escapes takes six bytes.
        assertThat(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "\u0001".repeat(2729)))).rejection()).isEmpty();
        assertValidationFailure(rejection(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("k", "\u0001".repeat(2730))))),
                "--context-json", "16388 bytes");
    }

    @Test
    void contextNestingIsBounded() {
        Object deep = Map.of();
        for (int i = 0; i < 1000; i++) {
            deep = List.of(deep);
        }
        assertValidationFailure(rejection(CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(Map.of("deep", deep)))), "--context-json",
                "deeper than 1000");
    }

    // --- --timeout -----------------------------------------------------------------------------

    @ParameterizedTest
    @NullSource
    void timeoutDefaultsTo30000(Long given) {
        assertThat(CaptureRequestValidation.timeoutMillis(CliLikeTerms.INSTANCE, given).valueOrNull()).isEqualTo(30_000L);
    }

    @ParameterizedTest
    @ValueSource(longs = {1000, 1001, 30000, 119999, 120000})
    void acceptsTimeoutsFrom1000To120000(long given) {
        assertThat(CaptureRequestValidation.timeoutMillis(CliLikeTerms.INSTANCE, given).valueOrNull()).isEqualTo(given);
    }

    @ParameterizedTest
    @ValueSource(longs = {Long.MIN_VALUE, -1, 0, 999, 120001, Long.MAX_VALUE})
    void rejectsTimeoutsOutside1000To120000(long given) {
        assertValidationFailure(rejection(CaptureRequestValidation.timeoutMillis(CliLikeTerms.INSTANCE, given)), "--timeout",
                "integer from 1000 to 120000 milliseconds, got " + given);
    }

    // -------------------------------------------------------------------------------------------

    private static Failure rejection(Checked<?> checked) {
        assertThat(checked).isInstanceOf(Checked.Rejected.class);
        return checked.rejection().orElseThrow();
    }

    private static void assertValidationFailure(Failure failure, String option, String reason) {
        assertThat(failure.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(failure.message()).startsWith(option + " ").contains(reason);
        assertThat(failure.details().asMap()).containsEntry("option", option);
    }

    @Test
    void theAcceptedContextIsASnapshotTheCallerCanNoLongerChange() {
        List<Object> steps = new java.util.ArrayList<>(List.of("open"));
        Map<String, Object> nested = new LinkedHashMap<>(Map.of("steps", steps));
        Map<String, Object> given = new LinkedHashMap<>();
        given.put("originalVerdict", "failed");
        given.put("run", nested);

        Map<String, Object> accepted = CaptureRequestValidation.context(CliLikeTerms.INSTANCE, CallerJson.of(given)).valueOrNull().asMap();
        given.put("originalVerdict", "passed");
        nested.put("extra", true);
        steps.add("close");

        assertThat(accepted).containsEntry("originalVerdict", "failed");
        assertThat(accepted.get("run")).isEqualTo(Map.of("steps", List.of("open")));
        assertThat(new java.util.ArrayList<>(accepted.keySet())).containsExactly("originalVerdict", "run");
    }

    /** The complaint is a field of the refusal: a caller naming the value differently never takes the message apart. */
    @Test
    void everyRefusalKeepsItsComplaintApartFromTheOptionItNames() {
        Failure timeout = rejection(CaptureRequestValidation.timeoutMillis(CliLikeTerms.INSTANCE, 5L));
        Failure surrogate = rejection(CaptureRequestValidation.label(CliLikeTerms.INSTANCE, "a\uD800"));

        assertThat(timeout.complaint()).startsWith("must be an integer from 1000 to 120000");
        assertThat(timeout.message()).isEqualTo("--timeout " + timeout.complaint());
        assertThat(surrogate.complaint()).startsWith("holds an unpaired UTF-16 surrogate");
        assertThat(surrogate.message()).isEqualTo("--label " + surrogate.complaint());
        assertThat(surrogate.field()).isEqualTo(RequestField.LABEL);
    }
}
