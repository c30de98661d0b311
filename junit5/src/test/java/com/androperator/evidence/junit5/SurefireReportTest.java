package com.androperator.evidence.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The extension in a Maven build of its own, as a user's CI runs it: a project with a passing and
 * a failing test (src/test/resources/surefire-project), the extension registered by JUnit's
 * service loading, run by Maven Surefire offline against the simulated phone. Surefire's JUnit XML
 * is what Jenkins and GitLab read: the failing test case's system-out names the bundle's files
 * as attachments, and they exist; the passing test leaves no bundle.
 */
class SurefireReportTest extends LabTest {
    /** A safety net against a hung build, far above its usual minute; not a timing assertion. */
    private static final long HANG_LIMIT_SECONDS = 600;
    private static final Path PROJECT = Path.of("src/test/resources/surefire-project").toAbsolutePath();
    /** The same tests with video=on-failure (junit-platform.properties), each using the app until 15 frames were recorded. */
    private static final Path VIDEO_PROJECT = Path.of("src/test/resources/video-project").toAbsolutePath();
    private static final Pattern ATTACHMENT = Pattern.compile("\\[\\[ATTACHMENT\\|(.+?)]]");

    @Test
    void theFailingTestCaseOfTheJunitXmlNamesItsBundlesFilesAndThePassingOneLeavesNoBundle() throws Exception {
        Path project = copyProject(PROJECT);

        Path report = build(project, Map.of());

        List<Path> attached = attachments(systemOut(report, "fails"));
        assertThat(attached).hasSize(3).allMatch(Files::isRegularFile);
        Path manifest = attached.get(0);
        assertThat(manifest.getFileName()).hasToString("manifest.json");
        assertThat(manifest).startsWith(root.resolve("bundles"));
        assertThat(attached.subList(1, 3)).containsExactly(manifest.resolveSibling("hierarchy.xml"),
                manifest.resolveSibling("screenshot.png"));
        assertThat(systemOut(report, "passes")).isEmpty();
        try (Stream<Path> bundles = Files.list(root.resolve("bundles"))) {
            assertThat(bundles.toList()).as("only the failing test's bundle").containsExactly(manifest.getParent());
        }
    }

    /**
     * The same build with video=on-failure, the fake scrcpy and the real ffmpeg first on PATH: the
     * failing test case also names its video bundle's manifest and clip, and that bundle verifies;
     * the passing test's recording is discarded, so the root holds the failing test's two bundles.
     */
    @Test
    void withVideoOnFailureTheFailingTestCaseNamesItsVerifiedVideoAndThePassingOneLeavesNone() throws Exception {
        Path project = copyProject(VIDEO_PROJECT);
        VideoToolbox toolbox = VideoToolbox.prepare(temp);
        Map<String, String> video = new HashMap<>(toolbox.environment(Map.of()));
        video.put("PATH", toolbox.path() + File.pathSeparator + System.getenv("PATH"));

        Path report = build(project, video);

        List<Path> attached = attachments(systemOut(report, "fails"));
        assertThat(attached).allMatch(Files::isRegularFile).hasSize(5);
        Path still = attached.get(0);
        assertThat(attached.subList(0, 3)).containsExactly(still, still.resolveSibling("hierarchy.xml"),
                still.resolveSibling("screenshot.png"));
        Path videoManifest = attached.get(3);
        assertThat(videoManifest.getFileName()).hasToString("manifest.json");
        assertThat(attached.get(4)).isEqualTo(videoManifest.resolveSibling("video.mp4"));
        Conformance.assertConforms(videoManifest.getParent());
        assertThat(VideoToolbox.readJson(videoManifest, Manifest.class).status().wire()).isEqualTo("complete");
        assertThat(systemOut(report, "passes")).isEmpty();
        try (Stream<Path> bundles = Files.list(root.resolve("bundles"))) {
            assertThat(bundles.filter(Files::isDirectory).toList()).as("the failing test's still and video bundles only")
                    .containsExactlyInAnyOrder(still.getParent(), videoManifest.getParent());
        }
        assertThat(VideoToolbox.awaitNoProcessMentions(root, Duration.ofSeconds(60))).isTrue();
    }

    /** Runs the nested build, which fails (one test fails), and returns its JUnit XML report. */
    private Path build(Path project, Map<String, String> extraEnvironment) throws Exception {
        Process build = maven(project, extraEnvironment).start();
        if (!build.waitFor(HANG_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            build.destroyForcibly().waitFor();
            throw new AssertionError("the nested Maven build hung");
        }
        String output = Files.readString(project.resolve("build.log"), StandardCharsets.UTF_8);
        assertThat(build.exitValue()).as(output).isEqualTo(1);
        Path report = project.resolve("target/surefire-reports/TEST-demo.CheckoutTest.xml");
        assertThat(report).as(output).exists();
        return report;
    }

    /** The project in a scratch directory, its files given their real names (kept as .txt so that this module does not build them). */
    private Path copyProject(Path source) throws IOException {
        Path project = temp.resolve("project");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String relative = source.relativize(file).toString().replace("pom.txt", "pom.xml")
                        .replace(".java.txt", ".java");
                Path target = project.resolve(relative);
                Files.createDirectories(target.getParent());
                Files.copy(file, target);
            }
        }
        return project;
    }

    /**
     * {@code mvn -o test} with this module's local repository, the extension and what it needs at
     * run time (this JVM's classpath without JUnit, Surefire, Allure, test classes and ffmpeg) added to
     * the test classpath, and the lab's phone in the environment, with {@code extraEnvironment} on top.
     */
    private ProcessBuilder maven(Path project, Map<String, String> extraEnvironment) {
        List<String> classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> Stream.of("/org/junit/", "/org/opentest4j/", "/org/apiguardian/", "surefire", "allure",
                        "test-classes", "/org/assertj/", "/org/bytedeco/").noneMatch(entry::contains))
                .toList();
        List<String> command = new ArrayList<>(List.of("mvn", "-o", "-B", "-q", "-Dmaven.repo.local=" + localRepository(),
                "-Dmaven.test.additionalClasspath=" + String.join(",", classPath), "test"));
        Map<String, String> environment = new HashMap<>(System.getenv());
        for (Setting setting : Setting.values()) {
            environment.remove(setting.variable());
        }
        environment.put("ANDROID_SERIAL", lab.serial());
        environment.put("ANDROPERATOR_OPERATOR_PACKAGE", AdbLab.OPERATOR);
        environment.put("ANDROID_ADB_SERVER_PORT", Integer.toString(lab.adb().port()));
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        environment.putAll(extraEnvironment);
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(project.resolve("build.log").toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        return builder;
    }

    /** The repository this build resolved JUnit from: where the nested build finds its plugins and JUnit offline. */
    private static String localRepository() {
        String jupiter = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> entry.contains("/org/junit/jupiter/junit-jupiter-api/")).findFirst()
                .orElseThrow(() -> new AssertionError("junit-jupiter-api is not on the classpath"));
        return jupiter.substring(0, jupiter.indexOf("/org/junit/jupiter/"));
    }

    private static String systemOut(Path report, String testName) throws Exception {
        NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                .getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element testCase = (Element) cases.item(i);
            if (testCase.getAttribute("name").equals(testName)) {
                NodeList out = testCase.getElementsByTagName("system-out");
                return out.getLength() == 0 ? "" : out.item(0).getTextContent();
            }
        }
        throw new AssertionError("no test case " + testName + " in " + report);
    }

    private static List<Path> attachments(String systemOut) {
        List<Path> files = new ArrayList<>();
        Matcher matcher = ATTACHMENT.matcher(systemOut);
        while (matcher.find()) {
            files.add(Path.of(matcher.group(1)));
        }
        return files;
    }
}
