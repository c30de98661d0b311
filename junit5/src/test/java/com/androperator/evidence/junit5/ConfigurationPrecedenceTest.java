package com.androperator.evidence.junit5;

import static com.androperator.evidence.junit5.Bundles.CODE;
import static com.androperator.evidence.junit5.Bundles.MANIFEST;
import static com.androperator.evidence.junit5.Bundles.MESSAGE;
import static com.androperator.evidence.junit5.Bundles.STATUS;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleError;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.junit5.Fixtures.Scenario;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each setting is taken from the highest layer that sets it: the method's Config, the class's
 * (and enclosing classes'), the builder, the configuration parameter, the environment, the
 * default. Every layer of every setting is set to a value that can be told apart from the
 * others' in what the capture did, and the layers above it are left unset.
 */
class ConfigurationPrecedenceTest extends LabTest {
    enum Layer { METHOD, CLASS, BUILDER, PARAMETER, ENVIRONMENT, DEFAULT }

    static Stream<Arguments> layers() {
        return Stream.of(Setting.DEVICE, Setting.OPERATOR_PACKAGE, Setting.EVIDENCE_ROOT, Setting.TIMEOUT_MS)
                .flatMap(setting -> Stream.of(Layer.values()).map(layer -> Arguments.of(setting, layer)));
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("layers")
    void theHighestLayerThatSetsASettingIsTheOneUsed(Setting setting, Layer layer) {
        Map<Layer, String> values = values(setting);
        Class<?> fixture = layer == Layer.METHOD || layer == Layer.CLASS ? layered(setting) : Fixtures.Programmatic.class;
        String method = layer == Layer.METHOD ? "methodAndClass" : layer == Layer.CLASS ? "classOnly" : "fails";

        Map<String, String> environment = new HashMap<>(Map.of("HOME", temp.resolve("home").toString()));
        if (layer.compareTo(Layer.ENVIRONMENT) <= 0) {
            environment.put(setting.variable(), values.get(Layer.ENVIRONMENT));
        }
        CaptureEvidenceOnFailure.Builder builder = CaptureEvidenceOnFailure.builder().environment(environment);
        if (layer.compareTo(Layer.BUILDER) <= 0) {
            set(builder, setting, values.get(Layer.BUILDER));
        }
        Scenario.builder = builder;
        FixtureRun.Builder run = fixture(fixture, method)
                .without(setting.parameter());
        if (layer.compareTo(Layer.PARAMETER) <= 0) {
            run.parameter(setting.parameter(), values.get(Layer.PARAMETER));
        }

        FixtureRun finished = run.run();

        assertThat(finished.failure(method)).hasMessageContaining(Fixtures.FAILURE);
        Map<String, String> entry = finished.evidence(method);
        String expected = values.get(layer);
        switch (setting) {
            case DEVICE -> {
                if (layer == Layer.DEFAULT) {
                    assertThat(entry).containsEntry(STATUS, "complete");
                } else {
                    assertThat(entry).containsEntry(CODE, "DEVICE_NOT_FOUND");
                    assertThat(entry.get(MESSAGE)).contains("device " + expected + " is not attached");
                }
            }
            case OPERATOR_PACKAGE -> {
                Manifest manifest = Bundles.conformingManifest(entry);
                assertThat(manifest.status()).isEqualTo(BundleStatus.PARTIAL);
                assertThat(manifest.errors()).extracting(BundleError::message)
                        .anyMatch(message -> message.contains("the Operator " + expected + " is not installed"));
            }
            case EVIDENCE_ROOT -> {
                assertThat(Bundles.conformingManifest(entry).status()).isEqualTo(BundleStatus.COMPLETE);
                assertThat(Path.of(entry.get(MANIFEST))).startsWith(Path.of(expected).toAbsolutePath().resolve("bundles"));
            }
            case TIMEOUT_MS -> {
                if (layer == Layer.DEFAULT) {
                    assertThat(entry).containsEntry(STATUS, "complete");
                } else {
                    assertThat(entry).containsEntry(CODE, "EXECUTION_VALIDATION_FAILED");
                    assertThat(entry.get(MESSAGE)).startsWith(timeoutSource(layer)
                            + " must be an integer from 1000 to 120000 milliseconds, got " + expected + ":");
                }
            }
            default -> throw new AssertionError(setting);
        }
    }

    /** What each layer sets; the annotations' values are those written on the fixtures. */
    private Map<Layer, String> values(Setting setting) {
        Map<Layer, String> values = new EnumMap<>(Layer.class);
        switch (setting) {
            case DEVICE -> put(values, "method-phone", "class-phone", "builder-phone", "param-phone", "env-phone", null);
            case OPERATOR_PACKAGE -> put(values, "com.example.method", "com.example.klass", "com.example.builder",
                    "com.example.param", "com.example.env", EvidenceSettings.DEFAULT_OPERATOR_PACKAGE);
            case EVIDENCE_ROOT -> put(values, "target/precedence-roots/method", "target/precedence-roots/class",
                    temp.resolve("builder").toString(), temp.resolve("param").toString(), temp.resolve("env").toString(),
                    temp.resolve("home").resolve(".androperator").resolve("evidence").toString());
            case TIMEOUT_MS -> put(values, "1", "2", "3", "4", "5", null);
            default -> throw new AssertionError(setting);
        }
        return values;
    }

    private static void put(Map<Layer, String> values, String... byLayer) {
        for (Layer layer : Layer.values()) {
            values.put(layer, byLayer[layer.ordinal()]);
        }
    }

    private static Class<?> layered(Setting setting) {
        return switch (setting) {
            case DEVICE -> Fixtures.DeviceLayers.class;
            case OPERATOR_PACKAGE -> Fixtures.PackageLayers.class;
            case EVIDENCE_ROOT -> Fixtures.RootLayers.class;
            case TIMEOUT_MS -> Fixtures.TimeoutLayers.class;
            default -> throw new AssertionError(setting);
        };
    }

    private static void set(CaptureEvidenceOnFailure.Builder builder, Setting setting, String value) {
        switch (setting) {
            case DEVICE -> builder.device(value);
            case OPERATOR_PACKAGE -> builder.operatorPackage(value);
            case EVIDENCE_ROOT -> builder.evidenceRoot(value);
            case TIMEOUT_MS -> builder.timeoutMs(Long.valueOf(value));
            default -> throw new AssertionError(setting);
        }
    }

    private static String timeoutSource(Layer layer) {
        return switch (layer) {
            case METHOD -> "timeoutMs in @CaptureEvidenceOnFailure.Config on Fixtures$TimeoutLayers#methodAndClass";
            case CLASS -> "timeoutMs in @CaptureEvidenceOnFailure.Config on Fixtures$TimeoutLayers";
            case BUILDER -> "CaptureEvidenceOnFailure.builder().timeoutMs(...)";
            case PARAMETER -> "configuration parameter androperator.evidence.timeoutMs";
            case ENVIRONMENT -> "environment variable ANDROPERATOR_EVIDENCE_TIMEOUT_MS";
            default -> throw new AssertionError(layer);
        };
    }

    @Test
    void aNestedClassTakesWhatItDoesNotSetFromItsEnclosingClass() {
        Scenario.builder = CaptureEvidenceOnFailure.builder().device("builder-phone");

        FixtureRun run = fixture(Fixtures.DeviceLayers.class)
                .run();

        Map<String, String> entry = run.evidence("inheritsTheEnclosingClass");
        assertThat(entry).containsEntry(CODE, "DEVICE_NOT_FOUND");
        assertThat(entry.get(MESSAGE)).contains("device class-phone is not attached");
    }

    @Test
    void aSuperclassesConfigCounts() {
        FixtureRun run = fixture(Fixtures.InheritsConfig.class)
                .run();

        Map<String, String> entry = run.evidence("fails");
        assertThat(entry).containsEntry(CODE, "DEVICE_NOT_FOUND");
        assertThat(entry.get(MESSAGE)).contains("device base-phone is not attached");
    }

    @Test
    void aConfiguredTimeoutIsTheCapturesBudget() {
        lab.phone(p -> p.toBuilder().latency("screencap", 3_000).build());

        FixtureRun run = fixture(Fixtures.Outcomes.class, "fails")
                .parameter("androperator.evidence.timeoutMs", "1000").run();

        Manifest manifest = Bundles.conformingManifest(run.evidence("fails"));
        assertThat(manifest.status()).isEqualTo(BundleStatus.FAILED);
        assertThat(manifest.errors()).extracting(BundleError::code).contains("COMMAND_TIMEOUT");
    }

    @Test
    void aConfiguredSocketWinsOverAConfiguredPort() throws IOException {
        FixtureRun run = fixture(Fixtures.Outcomes.class, "fails")
                .parameter("androperator.adb.serverSocket", "tcp:127.0.0.2:" + FixtureRun.closedPort()).run();

        Map<String, String> entry = run.evidence("fails");
        assertThat(entry).containsEntry(CODE, "ADB_UNAVAILABLE");
        assertThat(entry.get(MESSAGE)).contains("127.0.0.2");
    }

    @Test
    void theBuildersSocketWinsOverTheConfigurationParameter() throws IOException {
        Scenario.builder = CaptureEvidenceOnFailure.builder().adbServerSocket("tcp:127.0.0.2:" + FixtureRun.closedPort());

        FixtureRun run = fixture(Fixtures.Programmatic.class)
                .run();

        Map<String, String> entry = run.evidence("fails");
        assertThat(entry).containsEntry(CODE, "ADB_UNAVAILABLE");
        assertThat(entry.get(MESSAGE)).contains("(from CaptureEvidenceOnFailure.builder().adbServerSocket(...))");
    }

    @Test
    void aConfiguredPortReplacesTheEnvironmentsSocket() throws IOException {
        Scenario.builder = CaptureEvidenceOnFailure.builder()
                .environment(Map.of("ADB_SERVER_SOCKET", "tcp:127.0.0.2:" + FixtureRun.closedPort()));

        FixtureRun run = fixture(Fixtures.Programmatic.class)
                .run();

        assertThat(Bundles.conformingManifest(run.evidence("fails")).status()).isEqualTo(BundleStatus.COMPLETE);
    }

    @Test
    void withNothingConfiguredTheEnvironmentsAdbServerIsUsed() {
        for (Map<String, String> environment : List.of(
                Map.of("ANDROID_ADB_SERVER_PORT", Integer.toString(lab.adb().port())),
                Map.of("ADB_SERVER_SOCKET", "tcp:127.0.0.1:" + lab.adb().port()))) {
            Scenario.builder = CaptureEvidenceOnFailure.builder().environment(environment);

            FixtureRun run = fixture(Fixtures.Programmatic.class)
                    .without("androperator.adb.serverPort").run();

            assertThat(Bundles.conformingManifest(run.evidence("fails")).status()).isEqualTo(BundleStatus.COMPLETE);
        }
    }
}
