package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.DeviceSimulator;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device selection and the standard selections through {@code androperator evidence capture} as a
 * process, the real adb server and simulated phones: each device-selection code
 * (reference-compat section 2), ANDROID_SERIAL, ANDROPERATOR_OPERATOR_PACKAGE, the default package,
 * explicit options over both, and {@code --help} naming the defaults without breaking an identifier.
 */
class StandardSelectionCliTest {
    private static final String DEFAULT_PACKAGE = "com.androperator.operator";
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temp;

    private CliProcess cli(Map<String, String> overrides) throws IOException {
        Map<String, String> environment = lab.environment();
        environment.putAll(overrides);
        Path scratch = temp.resolve("scratch");
        if (!Files.isDirectory(scratch)) {
            Files.createDirectory(scratch);
        }
        return new CliProcess(environment, scratch);
    }

    private CliProcess.Run capture(Map<String, String> environment, String... options) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("evidence", "capture", "--output-dir",
                temp.resolve("bundle").toString()));
        args.addAll(List.of(options));
        return cli(environment).run(args.toArray(String[]::new));
    }

    @Test
    void noDeviceAttachedIsNoDevicesAndNothingIsCreated() throws IOException {
        try (PrivateAdbLab empty = PrivateAdbLab.start()) {
            Map<String, String> environment = lab.environment();
            environment.putAll(empty.adb().environment());
            CliProcess.Run run = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")))
                    .run("evidence", "capture", "--output-dir", temp.resolve("bundle").toString());

            assertRefused(run, ErrorCodes.NO_DEVICES);
            assertThat(result(run).message()).contains("no device is attached");
        }
    }

    @Test
    void severalDevicesAndNoneChosenIsMultipleDevicesDeviceIdRequired() throws IOException {
        DeviceSimulator second = lab.attach(SampleProfiles.pixel());
        String serial = second.serial();
        CliProcess.Run run = capture(Map.of(), "--operator-package", AdbLab.OPERATOR);

        assertRefused(run, ErrorCodes.MULTIPLE_DEVICES_DEVICE_ID_REQUIRED);
        assertThat(result(run).details().asMap().get("serials")).asInstanceOf(InstanceOfAssertFactories.LIST)
                .containsExactlyInAnyOrder(lab.serial(), serial);
        assertThat(result(run).hint()).contains("--device", "ANDROID_SERIAL");
        assertThat(second.receivedServices()).isEmpty();
    }

    @Test
    void aChosenSerialThatIsNotAttachedIsDeviceNotFoundFromTheOptionOrFromAndroidSerial() throws IOException {
        assertRefused(capture(Map.of(), "--device", "127.0.0.1:1"), ErrorCodes.DEVICE_NOT_FOUND);
        CliProcess.Run fromVariable = capture(Map.of("ANDROID_SERIAL", "127.0.0.1:1"));
        assertRefused(fromVariable, ErrorCodes.DEVICE_NOT_FOUND);
        assertThat(result(fromVariable).message()).contains("127.0.0.1:1");
    }

    @Test
    void aChosenDeviceThatIsNotReadyKeepsItsStateCodeWhileWithoutAChoiceTheReadyOneIsTaken() throws IOException {
        DeviceSimulator recovering = lab.attach(SampleProfiles.pixel().toBuilder()
                .connectionState("recovery").build());
        String serial = recovering.serial();
        CliProcess.Run chosen = capture(Map.of(), "--device", serial);
        assertRefused(chosen, ErrorCodes.DEVICE_OFFLINE);
        assertThat(result(chosen).message()).contains("recovery");

        // Not chosen, a device that is not in state device cannot be taken: the ready one is.
        CliProcess.Run implicit = capture(Map.of(), "--operator-package", AdbLab.OPERATOR);
        assertThat(implicit.exitCode()).as(implicit.toString()).isZero();
        assertThat(manifest().device().serial()).isEqualTo(lab.serial());
    }

    @Test
    void withoutAServerAndWithoutAdbOnPathItIsAdbNotFound() throws IOException {
        Path noAdb = Files.createDirectory(temp.resolve("no-adb"));
        Map<String, String> environment = new HashMap<>(lab.environment());
        environment.put("PATH", noAdb.toString());
        environment.put("ANDROID_ADB_SERVER_PORT", Integer.toString(closedPort()));
        CliProcess.Run run = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")))
                .run("evidence", "capture", "--output-dir", temp.resolve("bundle").toString());

        assertRefused(run, ErrorCodes.ADB_NOT_FOUND);
        assertThat(result(run).message()).contains("adb is not on PATH");
    }

    @Test
    void androidSerialChoosesAmongSeveralDevicesAndAnExplicitDeviceWinsOverIt() throws IOException {
        DeviceSimulator second = lab.attach(SampleProfiles.pixel());
        String serial = second.serial();
        int before = lab.simulator().receivedServices().size();
        CliProcess.Run byVariable = capture(Map.of("ANDROID_SERIAL", serial), "--operator-package",
                AdbLab.OPERATOR);
        assertThat(byVariable.exitCode()).as(byVariable.toString()).isZero();
        assertThat(manifest().device().serial()).isEqualTo(serial);
        assertThat(since(before)).noneMatch(s -> s.contains("screencap"));

        Files.walk(temp.resolve("bundle")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        CliProcess.Run explicit = capture(Map.of("ANDROID_SERIAL", serial), "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR);
        assertThat(explicit.exitCode()).as(explicit.toString()).isZero();
        assertThat(manifest().device().serial()).isEqualTo(lab.serial());
    }

    @Test
    void theOperatorPackageComesFromTheVariableWhenNotGiven() throws IOException {
        CliProcess.Run run = capture(Map.of("ANDROPERATOR_OPERATOR_PACKAGE", AdbLab.OPERATOR), "--device", lab.serial());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(manifest().device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);
    }

    @Test
    void anExplicitOperatorPackageWinsOverTheVariable() throws IOException {
        CliProcess.Run run = capture(Map.of("ANDROPERATOR_OPERATOR_PACKAGE", "com.example.not.installed"),
                "--device", lab.serial(), "--operator-package", AdbLab.OPERATOR);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(manifest().device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);
    }

    @Test
    void withNeitherTheDefaultPackageIsUsedAndNeverSwitchedToAnotherVariant() throws IOException {
        lab.phone(p -> p.toBuilder().installPackage(DEFAULT_PACKAGE, "0.12.1")
                .operator(op -> op.withPackageName(DEFAULT_PACKAGE)).build());

        int before = lab.simulator().receivedServices().size();
        CliProcess.Run run = capture(Map.of(), "--device", lab.serial());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(manifest().device().operatorPackage()).isEqualTo(DEFAULT_PACKAGE);
        assertThat(since(before)).filteredOn(s -> s.contains("am broadcast")).hasSize(2).allMatch(s -> s.contains("am broadcast")
                && s.contains(DEFAULT_PACKAGE) && !s.contains(DEFAULT_PACKAGE + ".dev"));
    }

    @Test
    void anInvalidOperatorPackageVariableIsRefusedNamingItAndCreatesNothing() throws IOException {
        int services = lab.simulator().receivedServices().size();
        CliProcess.Run run = capture(Map.of("ANDROPERATOR_OPERATOR_PACKAGE", "not a package"), "--device", lab.serial());

        assertRefused(run, ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(result(run).message()).startsWith("ANDROPERATOR_OPERATOR_PACKAGE is not a valid Operator package")
                .contains(DEFAULT_PACKAGE);
        assertThat(result(run).details().asMap()).containsEntry("option", "ANDROPERATOR_OPERATOR_PACKAGE");
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    @Test
    void helpShowsTheDefaultsAndNoIdentifierIsBrokenAcrossLines() throws IOException {
        CliProcess cli = cli(Map.of());
        Pattern broken = Pattern.compile("[A-Za-z0-9_][.\\-_]\\n\\s+[a-z0-9]");
        for (String[] command : List.of(new String[] {"evidence", "capture", "--help"},
                new String[] {"evidence", "video", "start", "--help"},
                new String[] {"evidence", "video", "status", "--help"},
                new String[] {"evidence", "video", "stop", "--help"},
                new String[] {"doctor", "--help"}, new String[] {"evidence", "verify", "--help"},
                new String[] {"evidence", "view", "--help"})) {
            CliProcess.Run help = cli.run(command);
            assertThat(help.exitCode()).as(help.toString()).isZero();
            Matcher matcher = broken.matcher(help.stdout());
            assertThat(matcher.find()).as(String.join(" ", command) + " breaks an identifier at: "
                    + (matcher.find(0) ? help.stdout().substring(matcher.start(), matcher.end()) : "")).isFalse();
        }
        String capture = cli.run("evidence", "capture", "--help").stdout();
        assertThat(capture).contains("Default: ANDROID_SERIAL, else the one attached device.",
                "e.g. com.androperator.operator.dev.", "Default: ANDROPERATOR_OPERATOR_PACKAGE,",
                "else com.androperator.operator.", "e.g. emulator-5554.", "Default: 30000.");
        assertThat(cli.run("evidence", "video", "start", "--help").stdout())
                .contains("Default: ANDROID_SERIAL.", "e.g. com.androperator.operator.dev.");
    }

    /** What the lab phone was asked since it had been asked {@code before} things. */
    private static List<String> since(int before) {
        List<String> services = lab.simulator().receivedServices();
        return services.subList(before, services.size());
    }

    private void assertRefused(CliProcess.Run run, String code) {
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult result = result(run);
        assertThat(result.ok()).isFalse();
        assertThat(result.code()).as(run.toString()).isEqualTo(code);
        assertThat(result.manifestPath()).isNull();
        assertThat(temp.resolve("bundle")).doesNotExist();
    }

    private Manifest manifest() throws IOException {
        Path bundle = temp.resolve("bundle");
        Conformance.assertConforms(bundle);
        return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
    }

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }
}
