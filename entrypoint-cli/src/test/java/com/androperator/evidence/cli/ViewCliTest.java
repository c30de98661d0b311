package com.androperator.evidence.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code androperator evidence view} as a process, on a bundle captured from the simulated phone
 * through the real adb server by {@code evidence capture}: where the page goes, what is refused
 * (and that nothing is written then), the exit statuses of entrypoint-cli/README.md, and that the
 * bundle is exactly as it was afterwards. {@code --open} runs a stand-in {@code xdg-open} put first
 * on PATH, never a real browser.
 */
class ViewCliTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path bundle;
    private static Map<String, String> bundleBefore;
    private static Path captures;

    @TempDir
    Path temp;
    private CliProcess cli;
    private Map<String, String> environment;

    @BeforeAll
    static void captureOneBundle() throws IOException {
        captures = Files.createTempDirectory("view-cli-");
        bundle = captures.resolve("bundle");
        Map<String, String> environment = lab.environment();
        environment.put("LC_ALL", "C.UTF-8");
        CliProcess.Run run = new CliProcess(environment, captures).run("evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--label", "Settings observation",
                "--context-json", "{\"originalVerdict\":\"failed\"}");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        Conformance.assertConforms(bundle);
        bundleBefore = snapshot(bundle);
    }

    @AfterAll
    static void stopPhone() throws IOException {
        try (Stream<Path> files = Files.walk(captures)) {
            for (Path path : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    @BeforeEach
    void process() throws IOException {
        environment = lab.environment();
        environment.put("LC_ALL", "C.UTF-8");
        cli = new CliProcess(environment, Files.createDirectory(temp.resolve("scratch")));
    }

    @Test
    void aDirectoryOfBundlesGetsARunPageBesideItAndEachBundleItsOwnPageBesideTheBundle() throws IOException {
        Path run = Files.createDirectories(temp.resolve("run/bundles"));
        Path copy = Files.createDirectory(run.resolve("b-1"));
        try (Stream<Path> files = Files.list(bundle)) {
            for (Path file : files.toList()) {
                Files.copy(file, copy.resolve(file.getFileName()));
            }
        }
        Map<String, String> before = snapshot(copy);

        CliProcess.Run viewed = cli.run("evidence", "view", temp.resolve("run").toString());

        assertThat(viewed.exitCode()).as(viewed.toString()).isZero();
        CommandResult result = result(viewed);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.details().asMap()).containsEntry("viewPath", temp.resolve("run.view.html").toString())
                .containsEntry("run", true).containsEntry("bundles", 1).containsEntry("bundlePages", 1)
                .containsEntry("thumbnails", 1).containsEntry("statuses", Map.of("complete", 1));
        assertThat(Files.getPosixFilePermissions(temp.resolve("run.view.html")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(run.resolve("b-1.view.html")).isRegularFile();
        assertThat(snapshot(copy)).as("the bundle is unchanged").isEqualTo(before);

        CliProcess.Run again = cli.run("evidence", "view", temp.resolve("run").toString());
        assertThat(again.exitCode()).as("an existing run page is refused without --overwrite").isEqualTo(1);
        assertThat(result(again).code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
    }

    @Test
    void theDefaultPageIsBundleDotViewDotHtmlBesideTheBundlePrivateAndTheBundleIsUnchanged() throws IOException {
        Path page = captures.resolve("bundle.view.html");
        try {
            CliProcess.Run run = cli.run("evidence", "view", bundle.toString());

            assertThat(run.exitCode()).as(run.toString()).isZero();
            assertThat(run.stdout().lines()).hasSize(1);
            assertThat(run.stderr()).isEmpty();
            CommandResult result = result(run);
            assertThat(result.ok()).isTrue();
            assertThat(result.code()).isNull();
            assertThat(result.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
            assertThat(result.evidenceId()).isNotBlank();
            assertThat(result.details().asMap()).containsEntry("viewPath", page.toString()).containsEntry("bundleStatus", "complete")
                    .containsEntry("conforms", true).containsEntry("integrityFailures", 0).containsEntry("boxesDrawn", 587)
                    .containsEntry("nodesWithBounds", 587).containsEntry("screenshot", "inline");
            assertThat(((Number) result.details().asMap().get("pageBytes")).longValue()).isEqualTo(Files.size(page));
            assertThat(Files.getPosixFilePermissions(page)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            String html = Files.readString(page, StandardCharsets.UTF_8);
            assertThat(html).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;;");
            assertThat(externalReferences(html)).as("src/href values that leave the page").isEmpty();
            assertThat(snapshot(bundle)).as("the bundle is not modified").isEqualTo(bundleBefore);
            assertThat(cli.run("evidence", "verify", bundle.toString()).exitCode()).isZero();
            try (Stream<Path> siblings = Files.list(captures)) {
                assertThat(siblings.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("bundle", "bundle.view.html");
            }
        } finally {
            Files.deleteIfExists(page);
        }
    }

    @Test
    void outWritesWhereToldAndAnExistingFileIsRefusedUntouchedUnlessOverwriteIsGiven() throws IOException {
        Path page = temp.resolve("pages").resolve("settings.html");
        Files.createDirectory(page.getParent());
        CliProcess.Run first = cli.run("evidence", "view", bundle.toString(), "--out", page.toString());
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(result(first).details().asMap()).containsEntry("viewPath", page.toString());
        byte[] written = Files.readAllBytes(page);

        CliProcess.Run again = cli.run("evidence", "view", bundle.toString(), "--out", page.toString());
        assertThat(again.exitCode()).as(again.toString()).isEqualTo(1);
        CommandResult refused = result(again);
        assertThat(refused.ok()).isFalse();
        assertThat(refused.code()).isEqualTo(ErrorCodes.EVIDENCE_OUTPUT_EXISTS);
        assertThat(refused.message()).contains(page.toString()).contains("--overwrite");
        assertThat(refused.details().asMap()).containsEntry("option", "--out");
        assertThat(Files.readAllBytes(page)).as("not overwritten").isEqualTo(written);
        assertThat(onlyFiles(page.getParent())).containsExactly("settings.html");

        CliProcess.Run replaced = cli.run("evidence", "view", bundle.toString(), "--out", page.toString(), "--overwrite", "--output", "pretty");
        assertThat(replaced.exitCode()).as(replaced.toString()).isZero();
        assertThat(replaced.stdout().lines().count()).isGreaterThan(3);
        assertThat(Files.getPosixFilePermissions(page)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(onlyFiles(page.getParent())).as("no temporary file is left").containsExactly("settings.html");
        assertThat(snapshot(bundle)).isEqualTo(bundleBefore);
    }

    @Test
    void aPageInsideTheBundleIsRefusedAlsoThroughASymbolicLinkAndNothingIsWritten() throws IOException {
        Path link = Files.createSymbolicLink(temp.resolve("link-to-bundle"), bundle);
        for (String out : new String[] {bundle.resolve("view.html").toString(), link.resolve("view.html").toString(),
            bundle.toString()}) {
            CliProcess.Run run = cli.run("evidence", "view", bundle.toString(), "--out", out);
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
            CommandResult refused = result(run);
            assertThat(refused.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            assertThat(refused.message()).contains("inside the bundle").contains("never modified").contains("bundle.view.html");
            assertThat(refused.details().asMap()).containsEntry("option", "--out");
        }
        assertThat(snapshot(bundle)).isEqualTo(bundleBefore);
    }

    @Test
    void aMissingBundleOrAFileInsteadOfItIsRefusedWithWhatToPassAndAMissingArgumentIsAUsageError() throws IOException {
        Path missing = temp.resolve("no-such-bundle");
        CliProcess.Run run = cli.run("evidence", "view", missing.toString());
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        CommandResult refused = result(run);
        assertThat(refused.code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(refused.message()).contains(missing.toString()).contains("does not exist").contains("manifest.json");
        assertThat(refused.details().asMap()).containsEntry("option", "BUNDLE");
        assertThat(temp.resolve("no-such-bundle.view.html")).doesNotExist();

        CliProcess.Run manifest = cli.run("evidence", "view", bundle.resolve("manifest.json").toString());
        assertThat(manifest.exitCode()).isEqualTo(1);
        assertThat(result(manifest).message()).contains("is not a directory").contains("Pass its directory, " + bundle);

        CliProcess.Run noDirectory = cli.run("evidence", "view", bundle.toString(), "--out", temp.resolve("absent/view.html").toString());
        assertThat(noDirectory.exitCode()).isEqualTo(1);
        assertThat(result(noDirectory).message()).contains("does not exist: create " + temp.resolve("absent"));

        CliProcess.Run usage = cli.run("evidence", "view");
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.stdout()).isEmpty();
        assertThat(usage.stderr()).contains("Missing required parameter: 'BUNDLE'").contains("Usage: androperator evidence view");

        CliProcess.Run badFormat = cli.run("evidence", "view", bundle.toString(), "--output", "yaml");
        assertThat(badFormat.exitCode()).isEqualTo(1);
        assertThat(result(badFormat).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(snapshot(bundle)).isEqualTo(bundleBefore);
    }

    @Test
    void aDirectoryWithoutAManifestStillGetsAPageThatSaysSo() throws IOException {
        Path empty = Files.createDirectory(temp.resolve("empty-bundle"));
        CliProcess.Run run = cli.run("evidence", "view", empty.toString());
        assertThat(run.exitCode()).as(run.toString()).isZero();
        CommandResult result = result(run);
        assertThat(result.manifestPath()).isNull();
        assertThat(result.details().asMap()).containsEntry("conforms", false).containsEntry("screenshot", "none");
        assertThat(result.details().asMap().get("bundleStatus")).isNull();
        assertThat(Files.readString(temp.resolve("empty-bundle.view.html"))).contains("There is no manifest.json");
    }

    @Test
    void openHandsThePageToXdgOpenOnPathAndSaysWhatToDoWithoutOne() throws IOException {
        Path fakes = Files.createDirectory(temp.resolve("fake-bin"));
        Path opened = temp.resolve("opened.txt");
        Path opener = fakes.resolve("xdg-open");
        Files.writeString(opener, "#!/bin/sh\nprintf '%s' \"$1\" > '" + opened + "'\n");
        Files.setPosixFilePermissions(opener, PosixFilePermissions.fromString("rwx------"));
        Map<String, String> withOpener = new java.util.HashMap<>(environment);
        withOpener.put("PATH", fakes + ":/usr/bin:/bin");
        Path page = temp.resolve("opened.html");
        CliProcess.Run run = new CliProcess(withOpener, temp.resolve("scratch")).run("evidence", "view", bundle.toString(),
                "--out", page.toString(), "--open");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(result(run).details().asMap()).containsEntry("opened", "xdg-open");
        assertThat(Files.readString(opened)).isEqualTo(page.toString());

        Map<String, String> withoutOpener = new java.util.HashMap<>(environment);
        withoutOpener.put("PATH", Files.createDirectory(temp.resolve("empty-bin")).toString());
        Path second = temp.resolve("not-opened.html");
        CliProcess.Run without = new CliProcess(withoutOpener, temp.resolve("scratch")).run("evidence", "view", bundle.toString(),
                "--out", second.toString(), "--open");
        assertThat(without.exitCode()).as(without.toString()).isZero();
        CommandResult result = result(without);
        assertThat(result.details().asMap()).containsEntry("opened", false);
        assertThat(result.hint()).contains("xdg-open").contains(second.toString());
        assertThat(second).exists();
    }

    // ---- helpers ----------------------------------------------------------------------------

    private static CommandResult result(CliProcess.Run run) {
        return ContractJson.read(run.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
    }

    /** src and href values that would load something from outside the page (anything but data:, #, ./ or ../). */
    private static java.util.List<String> externalReferences(String html) {
        java.util.List<String> external = new java.util.ArrayList<>();
        Matcher matcher = Pattern.compile("\\s(?:src|href)=\"([^\"]{0,64})").matcher(html);
        while (matcher.find()) {
            String value = matcher.group(1);
            if (!value.startsWith("data:") && !value.startsWith("#") && !value.startsWith("./") && !value.startsWith("../")) {
                external.add(value);
            }
        }
        return external;
    }

    private static java.util.List<String> onlyFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Every file of a bundle with its mode, modification time and sha256. */
    private static Map<String, String> snapshot(Path directory) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(directory)) {
            for (Path file : all.toList()) {
                String state = PosixFilePermissions.toString(Files.getPosixFilePermissions(file)) + " "
                        + Files.getLastModifiedTime(file).toMillis();
                if (Files.isRegularFile(file)) {
                    state += " " + sha256(Files.readAllBytes(file));
                }
                files.put(directory.relativize(file).toString(), state);
            }
        }
        return files;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
