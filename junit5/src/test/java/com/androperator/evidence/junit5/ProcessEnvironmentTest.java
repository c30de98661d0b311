package com.androperator.evidence.junit5;

import static com.androperator.evidence.junit5.Bundles.MANIFEST;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.simulator.lab.AdbLab;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The declarative extension in a test JVM of its own, as a build runs it: the real process
 * environment, JVM system properties (which JUnit itself reads as configuration parameters) and
 * launcher parameters, each above the one before; and the line it writes on stderr.
 */
class ProcessEnvironmentTest extends LabTest {
    /** A safety net against a hung child, far above a capture's budget; not a timing assertion. */
    private static final long HANG_LIMIT_SECONDS = 180;
    private static final String FIXTURE = Fixtures.Outcomes.class.getName();
    private static final String FAILED_WITH = "FAILED\t" + AssertionFailedError.class.getName() + "\t" + Fixtures.FAILURE
            + " ==> expected: <12.00 EUR> but was: <10.00 EUR>";
    /** The lab's adb server and nothing of this JVM's that could point elsewhere. */
    private Map<String, String> environment() {
        Map<String, String> environment = lab.environment();
        for (Setting setting : Setting.values()) {
            environment.remove(setting.variable());
        }
        environment.put("ANDROID_ADB_SERVER_PORT", Integer.toString(lab.adb().port()));
        return environment;
    }

    @Test
    void theEnvironmentAloneConfiguresEverySetting() throws IOException {
        Path root = temp.resolve("env-root");
        Map<String, String> environment = environment();
        environment.put("ANDROID_SERIAL", lab.serial());
        environment.put("ANDROPERATOR_OPERATOR_PACKAGE", AdbLab.OPERATOR);
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        environment.put("ANDROPERATOR_EVIDENCE_TIMEOUT_MS", "20000");

        Child child = run(environment, Map.of(), List.of());

        assertThat(child.results()).containsExactly(FAILED_WITH);
        Map<String, String> entry = child.entries();
        assertThat(Bundles.conformingManifest(entry).status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(Path.of(entry.get(MANIFEST))).startsWith(root.resolve("bundles"));
        assertThat(child.stderr()).contains("[androperator-junit5] Fixtures$Outcomes#fails failed; evidence complete: "
                + entry.get(MANIFEST));
    }

    @Test
    void systemPropertiesWinOverTheEnvironment() throws IOException {
        Path root = temp.resolve("system-root");
        Map<String, String> environment = environment();
        environment.put("ANDROID_SERIAL", "env-phone");
        environment.put("ANDROPERATOR_OPERATOR_PACKAGE", "com.example.env");
        environment.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("env-root").toString());
        environment.put("ANDROPERATOR_EVIDENCE_TIMEOUT_MS", "5");
        environment.put("ADB_SERVER_SOCKET", "tcp:127.0.0.2:" + FixtureRun.closedPort());
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("androperator.evidence.device", lab.serial());
        properties.put("androperator.evidence.operatorPackage", AdbLab.OPERATOR);
        properties.put("androperator.evidence.root", root.toString());
        properties.put("androperator.evidence.timeoutMs", "20000");
        properties.put("androperator.adb.serverPort", Integer.toString(lab.adb().port()));

        Child child = run(environment, properties, List.of());

        assertThat(child.results()).containsExactly(FAILED_WITH);
        Map<String, String> entry = child.entries();
        assertThat(Bundles.conformingManifest(entry).status()).isEqualTo(BundleStatus.COMPLETE);
        assertThat(Path.of(entry.get(MANIFEST))).startsWith(root.resolve("bundles"));
        assertThat(temp.resolve("env-root")).doesNotExist();
    }

    @Test
    void aLauncherParameterWinsOverASystemProperty() throws IOException {
        Path root = temp.resolve("launcher-root");
        Map<String, String> environment = environment();
        environment.put("ANDROID_SERIAL", lab.serial());
        environment.put("ANDROPERATOR_OPERATOR_PACKAGE", AdbLab.OPERATOR);

        Child child = run(environment, Map.of("androperator.evidence.root", temp.resolve("system-root").toString()),
                List.of("androperator.evidence.root=" + root));

        assertThat(child.results()).containsExactly(FAILED_WITH);
        assertThat(Path.of(child.entries().get(MANIFEST))).startsWith(root.resolve("bundles"));
        assertThat(temp.resolve("system-root")).doesNotExist();
    }

    @Test
    void aCaptureErrorIsALineOnStderrAndTheTestStillFailsAsItDid() throws IOException {
        Map<String, String> environment = environment();
        environment.put("ANDROID_SERIAL", "env-phone");
        environment.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("root").toString());

        Child child = run(environment, Map.of(), List.of());

        assertThat(child.exitCode()).isZero();
        assertThat(child.results()).containsExactly(FAILED_WITH);
        assertThat(child.entries()).containsEntry(Bundles.STATUS, "not_captured")
                .containsEntry(Bundles.CODE, "DEVICE_NOT_FOUND");
        assertThat(child.stderr()).contains("[androperator-junit5] Fixtures$Outcomes#fails failed; evidence not_captured"
                + " (DEVICE_NOT_FOUND: device env-phone is not attached");
    }

    @Test
    void theTestsStdoutNamesEachPublishedFileAsAnAttachmentUnlessTurnedOff() throws IOException {
        Map<String, String> environment = environment();
        environment.put("ANDROID_SERIAL", lab.serial());
        environment.put("ANDROPERATOR_OPERATOR_PACKAGE", AdbLab.OPERATOR);
        environment.put("ANDROPERATOR_EVIDENCE_DIR", temp.resolve("root").toString());

        Child child = run(environment, Map.of(), List.of());

        assertThat(child.results()).containsExactly(FAILED_WITH);
        Path manifest = Path.of(child.entries().get(MANIFEST));
        List<Path> attached = child.attachments();
        assertThat(attached).containsExactly(manifest, manifest.resolveSibling("hierarchy.xml"),
                manifest.resolveSibling("screenshot.png"));
        assertThat(attached).allMatch(Files::isRegularFile);

        environment.put("ANDROPERATOR_EVIDENCE_ATTACHMENTS", "off");
        Child quiet = run(environment, Map.of(), List.of());
        assertThat(quiet.results()).containsExactly(FAILED_WITH);
        assertThat(quiet.entries()).containsKey(MANIFEST);
        assertThat(quiet.attachments()).isEmpty();
    }

    private record Child(int exitCode, List<String> stdout, String stderr) {
        List<String> results() {
            return stdout.stream().filter(line -> line.startsWith("RESULT\t")).map(line -> line.substring(7)).toList();
        }

        /** The files named by {@code [[ATTACHMENT|path]]} lines, the Jenkins and GitLab convention. */
        List<Path> attachments() {
            return stdout.stream().filter(line -> line.startsWith("[[ATTACHMENT|") && line.endsWith("]]"))
                    .map(line -> Path.of(line.substring("[[ATTACHMENT|".length(), line.length() - 2))).toList();
        }

        Map<String, String> entries() {
            Map<String, String> entries = new LinkedHashMap<>();
            stdout.stream().filter(line -> line.startsWith("ENTRY\t")).map(line -> line.split("\t", 3))
                    .forEach(parts -> entries.put(parts[1], unescape(parts[2])));
            return entries;
        }

        private static String unescape(String text) {
            StringBuilder out = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\\' && i + 1 < text.length()) {
                    char next = text.charAt(++i);
                    out.append(next == 'n' ? '\n' : next == 't' ? '\t' : next);
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    }

    private Child run(Map<String, String> environment, Map<String, String> properties, List<String> parameters)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path")));
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of(FixtureMain.class.getName(), FIXTURE, "fails"));
        command.addAll(parameters);
        Path out = Files.createTempFile(temp, "child-out-", ".txt");
        Path err = Files.createTempFile(temp, "child-err-", ".txt");
        // The child runs in the test's scratch directory, so what it writes beside itself (Allure's
        // default allure-results, for one) never lands in the source tree.
        ProcessBuilder builder = new ProcessBuilder(command).directory(temp.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            if (!process.waitFor(HANG_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError("the fixture JVM hung; stderr: " + Files.readString(err));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return new Child(process.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
