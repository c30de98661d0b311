package com.androperator.evidence.simulator.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.simulator.fixtures.ScreenshotFixtures;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

class ProfileLoaderTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static Schema schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = ProfileLoaderTest.class.getClassLoader()
                .getResourceAsStream("simulator-profile.schema.json")) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(in);
        }
    }

    @Test
    void samplePixelProfileDescribesAReadyPixel() {
        SimulatorProfile pixel = SampleProfiles.pixel();

        assertThat(pixel.model()).isEqualTo("Pixel 7");
        assertThat(pixel.shellV2()).isTrue();
        assertThat(pixel.properties()).containsEntry("ro.build.version.sdk", "34")
                .containsEntry("ro.product.manufacturer", "Google")
                .doesNotContainKeys("ro.kernel.qemu", "ro.boot.qemu");
        assertThat(pixel.properties().get("persist.sys.boot.reason.history")).contains("\n");
        assertThat(pixel.wm().physicalSize()).isEqualTo(new ScreenSize(1080, 2400));
        assertThat(pixel.displays()).singleElement().satisfies(display -> {
            assertThat(display.physicalId()).isEqualTo("4619827259835644672");
            assertThat(display.active()).isTrue();
            assertThat(display.screenshot().read()).startsWith(0x89, 'P', 'N', 'G');
        });
        assertThat(pixel.operator().packageName()).isEqualTo("com.androperator.operator.dev");
        assertThat(pixel.isInstalled("com.androperator.operator.dev")).isTrue();
        assertThat(new String(pixel.operator().hierarchy().read(), StandardCharsets.UTF_8))
                .startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
                        + "<hierarchy rotation=\"0\">");
        assertThat(pixel.transportSettings().banner()).isEqualTo("device::ro.product.name=sim;"
                + "ro.product.model=Pixel 7;ro.product.device=sim;features=cmd,stat_v2,ls_v2,shell_v2");
    }

    @Test
    void sampleProfileFollowsTheSchema() throws IOException {
        try (InputStream in = getClass().getClassLoader()
                .getResourceAsStream(SampleProfiles.PIXEL_RESOURCE)) {
            assertThat(schema.validate(JSON.readTree(in))).isEmpty();
        }
    }

    @Test
    void savedProfileLoadsBackWithItsFilesAndFollowsTheSchema(@TempDir Path folder) {
        byte[] outer = ScreenshotFixtures.smallPng(60, 120, 2);
        SimulatorProfile built = SimulatorProfile.builder()
                .model("Fold Sim")
                .shellV2(false)
                .maxPayload(4096)
                .wm(wm -> wm.withOverrideSize(new ScreenSize(720, 1600)).withOverrideDensity(320))
                .displays(DisplaySpec.of(0, "4619827259835644672", 1080, 2400,
                                SampleProfiles.pixel().displays().get(0).screenshot())
                                .withActive(false).withOrientation(1),
                        DisplaySpec.of(0, "4619827259835644673", 60, 120,
                                ProfileFile.inMemory("screenshot.png", outer)))
                .legacyDisplayDump(true)
                .installPackage("com.example.other", new PackageSpec("2.0", 20))
                .operator(op -> op.withBehavior(OperatorBehavior.FAILED)
                        .withBehaviorFor("doctor_ping", OperatorBehavior.SILENT)
                        .withError("SERVICE_UNAVAILABLE", "not bound")
                        .withReadiness(Readiness.asleep())
                        .withDelayMs(250)
                        .withEncoding(e -> e.withHierarchyBytes(ResultEncoding.HierarchyBytes.VERBATIM)
                                .withChunking(ResultEncoding.Chunking.ALWAYS).withClaimedByteLength(99L)))
                .latency("dumpsys display", 40)
                .fault("screencap", ServiceFault.dropAfterBytes(1000, 0))
                .fault("getprop", ServiceFault.refuse())
                .fault("logcat", ServiceFault.stallAfterBytes(512))
                .fault("wm size", new ServiceFault.Fail(3, "out", "err"))
                .fault("wm density", ServiceFault.stallAfterBytes(5))
                .build();

        Path file = ProfileWriter.write(built, folder);
        SimulatorProfile loaded = ProfileLoader.load(file);

        // Both displays' PNGs were called screenshot.png; the second is saved under a new name.
        assertThat(loaded.displays().get(1).screenshot().fileName()).isEqualTo("screenshot-2.png");
        assertThat(ProfileWriter.toJson(loaded).replace("screenshot-2.png", "screenshot.png"))
                .isEqualTo(ProfileWriter.toJson(built));
        assertThat(loaded.displays().get(1).screenshot().read()).isEqualTo(outer);
        assertThat(loaded.displays().get(0).screenshot().read())
                .isEqualTo(SampleProfiles.pixel().displays().get(0).screenshot().read());
        assertThat(loaded.faults().get("screencap")).isEqualTo(new ServiceFault.DropConnection(1000, 0));
        assertThat(loaded.faults().get("wm density")).isEqualTo(new ServiceFault.Stall(5));
        assertThat(loaded.operator().behaviorFor("doctor_ping")).isEqualTo(OperatorBehavior.SILENT);
        assertThat(loaded.faults().get("logcat")).isEqualTo(new ServiceFault.Stall(512));
        assertThat(loaded.operator().encoding()).isEqualTo(new ResultEncoding(ResultEncoding.HierarchyBytes.VERBATIM,
                ResultEncoding.Chunking.ALWAYS, 99L));
        List<Error> errors = schema.validate(JSON.readTree(file.toFile()));
        assertThat(errors).isEmpty();
    }

    @Test
    void behaviourAppliesToSnapshotsWhileReadinessStillAnswers() {
        OperatorSpec failing = SampleProfiles.pixel().operator().withBehavior(OperatorBehavior.FAILED);
        OperatorSpec silent = failing.withBehavior(OperatorBehavior.SILENT);

        assertThat(failing.behaviorFor("snapshot_ui")).isEqualTo(OperatorBehavior.FAILED);
        assertThat(failing.behaviorFor("doctor_ping")).isEqualTo(OperatorBehavior.SUCCESS);
        assertThat(silent.behaviorFor("doctor_ping")).isEqualTo(OperatorBehavior.SILENT);
        assertThat(failing.withBehaviorFor("doctor_ping", OperatorBehavior.CORRUPT_CHUNK)
                .behaviorFor("doctor_ping")).isEqualTo(OperatorBehavior.CORRUPT_CHUNK);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "\"model\": \"Pixel 7\",|\"model\": \"Pixel 7\", \"colour\": 1,|unknown keys [colour]",
        "\"physicalId\": \"4619827259835644672\"|\"physicalId\": \"local:1\"|physicalId must be digits",
        "\"orientation\": 0|\"orientation\": 4|orientation must be 0..3",
        "\"behavior\": \"success\"|\"behavior\": \"sulky\"|behavior must be one of",
        "\"faults\": {}|\"faults\": {\"screencap\": {\"refuse\": true, \"exitCode\": 1}}|exactly one of",
        "\"faults\": {}|\"faults\": {\"screencap \": {\"refuse\": true}}|words separated by one space",
        "\"screenshot\": \"screenshot.png\"|\"screenshot\": \"missing.png\"|missing.png",
        "\"physicalDensity\": 420|\"physicalDensity\": \"420\"|wm.physicalDensity must be an integer",
        "\"readiness\": {|\"readiness\": {\"awake\": true,|unknown keys [awake]",
        "\"behavior\": \"success\"|\"behavior\": \"success\", \"generation\": \"claw\"|generation must be one of",
        "\"behavior\": \"success\"|\"behavior\": \"success\", \"hierarchyMarker\": \"none\"|hierarchyMarker must be",
    })
    void invalidProfilesNameTheirProblem(String original, String replacement, String message)
            throws IOException {
        String json = sampleJson();
        assertThat(json).contains(original);
        String broken = json.replace(original, replacement);

        assertThatThrownBy(() -> ProfileLoader.parse(broken, sampleFiles()))
                .isInstanceOf(InvalidProfileException.class).hasMessageContaining(message);
        if (!message.equals("missing.png")) {
            assertThat(schema.validate(JSON.readTree(broken))).isNotEmpty();
        }
    }

    @Test
    void eachOperatorGenerationSavesAndLoadsBackAndFollowsTheSchema(@TempDir Path folder) {
        ProfileFile script = ProfileFile.inMemory("logcat-script.txt",
                "D/TaskScopeDefault: [TaskScope] UI Hierarchy [commandId={commandId}]:\n".getBytes(StandardCharsets.UTF_8));
        for (OperatorGeneration generation : OperatorGeneration.values()) {
            for (LogcatHierarchy logcat : List.of(LogcatHierarchy.TAGGED, LogcatHierarchy.UNTAGGED,
                    LogcatHierarchy.scripted(script))) {
                SimulatorProfile built = SimulatorProfile.builder()
                        .operatorAs("com.clawperator.operator", "0.12.2", generation)
                        .operator(op -> op.withLogcat(logcat)).build();
                Path saved = folder.resolve(generation.wireName() + "-" + logcat.untaggedMarker() + "-"
                        + (logcat.script() != null));
                Path file = ProfileWriter.write(built, saved);

                SimulatorProfile loaded = ProfileLoader.load(file);

                assertThat(loaded.operator().generation()).isEqualTo(generation);
                assertThat(loaded.operator().logcat().untaggedMarker()).isEqualTo(logcat.untaggedMarker());
                assertThat(loaded.operator().logcat().script() == null).isEqualTo(logcat.script() == null);
                assertThat(loaded.isInstalled("com.clawperator.operator")).isTrue();
                assertThat(loaded.isInstalled("com.androperator.operator.dev")).isFalse();
                assertThat(ProfileWriter.toJson(loaded)).isEqualTo(ProfileWriter.toJson(built));
                try {
                    assertThat(schema.validate(JSON.readTree(file.toFile()))).isEmpty();
                } catch (RuntimeException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    @Test
    void duplicatePhysicalIdsAreRejected() {
        DisplaySpec display = SampleProfiles.pixel().displays().get(0);

        assertThatThrownBy(() -> SimulatorProfile.builder().displays(display, display).build())
                .isInstanceOf(InvalidProfileException.class).hasMessageContaining("duplicate physicalId");
    }

    @Test
    void notJsonIsAnInvalidProfile() {
        assertThatThrownBy(() -> ProfileLoader.parse("{\"model\":", sampleFiles()))
                .isInstanceOf(InvalidProfileException.class).hasMessageContaining("not valid JSON");
    }

    @Test
    void loadsFromDiskRelativeToTheProfileFolder(@TempDir Path folder) throws IOException {
        Files.writeString(folder.resolve("profile.json"), sampleJson());
        Files.write(folder.resolve("screenshot.png"), ScreenshotFixtures.smallPng(10, 10, 1));
        Files.writeString(folder.resolve("hierarchy.xml"), "<hierarchy rotation=\"0\"/>");

        SimulatorProfile loaded = ProfileLoader.load(folder.resolve("profile.json"));

        assertThat(loaded.displays().get(0).screenshot())
                .isEqualTo(ProfileFile.onDisk(folder.resolve("screenshot.png")));
        assertThat(loaded.operator().hierarchy().read()).asString()
                .isEqualTo("<hierarchy rotation=\"0\"/>");
    }

    private static String sampleJson() throws IOException {
        try (InputStream in = ProfileLoaderTest.class.getClassLoader()
                .getResourceAsStream(SampleProfiles.PIXEL_RESOURCE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Function<String, ProfileFile> sampleFiles() {
        return name -> {
            if (name.equals("missing.png")) {
                throw new InvalidProfileException("profile names missing.png, which is not a file");
            }
            return ProfileFile.inMemory(name, new byte[] {1});
        };
    }
}
