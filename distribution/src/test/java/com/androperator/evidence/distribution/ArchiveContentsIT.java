package com.androperator.evidence.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.distribution.ReleaseArchives.Entry;
import com.androperator.evidence.distribution.ReleaseArchives.Variant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What each archive holds, with which modes and times; its .sha256 file; and NOTICE against what lib/ bundles. */
class ArchiveContentsIT {
    /** project.build.outputTimestamp of the root pom: every entry carries it, so a rebuild gives the same bytes. */
    private static final FileTime OUTPUT_TIMESTAMP = FileTime.from(Instant.parse("2026-12-01T00:00:00Z"));
    private static final Path SCHEMAS = Path.of("").toAbsolutePath().getParent()
            .resolve("contracts/src/main/resources/schemas");
    /** A launcher: a file directly in bin/ named like a tool (each tool module adds one, with lib/NAME.jar). */
    private static final Pattern LAUNCHER = Pattern.compile("bin/androperator[\\w.-]*");
    /** The runtime's programs (java, keytool, and what spawns child processes); everything else there is data. */
    private static final Pattern RUNTIME_PROGRAM = Pattern.compile("runtime/(bin/[^/]+|lib/jspawnhelper|lib/jexec)");
    /** A NOTICE table row: coordinates, then an SPDX license id. */
    private static final Pattern NOTICE_ROW = Pattern.compile("^\\s+([\\w.-]+:[\\w.-]+:[\\w.+-]+)\\s+(\\S+)\\s+.*$",
            Pattern.MULTILINE);
    private static final Set<String> LICENSES = Set.of("Apache-2.0", "MIT", "MIT-0");

    @TempDir
    Path temporary;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void everyEntryIsUnderTheBaseDirectoryWithFixedModesAndTime(Variant variant) {
        Map<String, Entry> entries = byRelativeName(variant);
        for (Entry entry : entries.values()) {
            String name = relative(variant, entry);
            assertThat(entry.symbolicLink()).as(name).isFalse();
            assertThat(entry.modified()).as(name).isEqualTo(OUTPUT_TIMESTAMP);
            int expected = entry.directory() || LAUNCHER.matcher(name).matches() || RUNTIME_PROGRAM.matcher(name).matches()
                    ? 0755 : 0644;
            assertThat(Integer.toOctalString(entry.mode())).as(name).isEqualTo(Integer.toOctalString(expected));
        }
        assertThat(entries.keySet()).contains("bin/androperator", "bin/androperator-mcp", "bin/lib/launcher.sh",
                "bin/lib/jvm-flags.sh", "bin/lib/utf8-locale.sh", "bin/lib/daemon.sh", "lib/androperator.jar", "lib/androperator-mcp.jar",
                "lib/androperator.classlist", "lib/androperator-mcp.classlist", "lib/VERSION",
                "completion/androperator.bash", "LICENSE", "NOTICE", "licenses/MIT.txt", "licenses/MIT-0.txt");
        List<String> launchers = entries.keySet().stream().filter(name -> LAUNCHER.matcher(name).matches()).toList();
        assertThat(launchers).contains("bin/androperator", "bin/androperator-mcp");
        for (String launcher : launchers) {
            String tool = launcher.substring("bin/".length());
            assertThat(entries).as("the jar of " + launcher).containsKey("lib/" + tool + ".jar");
        }
        assertThat(entries.keySet().stream().filter(name -> name.startsWith("bin/")).filter(name -> !entries.get(name).directory())
                .filter(name -> !LAUNCHER.matcher(name).matches()))
                .as("bin/ holds the launchers and what they source, nothing of the repository's other scripts")
                .containsExactlyInAnyOrder("bin/lib/launcher.sh", "bin/lib/jvm-flags.sh", "bin/lib/utf8-locale.sh",
                        "bin/lib/daemon.sh");
        assertThat(entries.keySet().stream().filter(name -> name.endsWith(".jsa"))).as("archives are made on first use")
                .isEmpty();
        if (variant.bundlesRuntime) {
            assertThat(entries).containsKeys("runtime/bin/java", "runtime/lib/jspawnhelper", "runtime/release",
                    "runtime/lib/modules", "runtime/legal/java.base/LICENSE");
            assertThat(entries.containsKey(ReleaseArchives.AOT_CACHE)).as("an AOT cache for a JDK 25 runtime only")
                    .isEqualTo(runtimeFeature(variant) >= 25);
            List<String> caches = new java.util.ArrayList<>(List.of(ReleaseArchives.AOT_CACHE + ".jvm",
                    ReleaseArchives.AOT_VERSION_CACHE, ReleaseArchives.AOT_VERSION_CACHE + ".jvm",
                    ReleaseArchives.AOT_SERVER_CACHE, ReleaseArchives.AOT_SERVER_CACHE + ".jvm"));
            for (String command : ReleaseArchives.AOT_COMMAND_CACHES) {
                caches.addAll(List.of(command, command + ".jvm"));
            }
            for (String cache : caches) {
                assertThat(entries.containsKey(cache)).as(cache).isEqualTo(entries.containsKey(ReleaseArchives.AOT_CACHE));
            }
        } else {
            assertThat(entries.keySet()).noneMatch(name -> name.startsWith("runtime"));
        }
    }

    @Test
    void theSchemasAreThoseOfContracts() throws IOException {
        Map<String, Entry> entries = byRelativeName(Variant.PLAIN_TAR_GZ);
        try (Stream<Path> files = Files.list(SCHEMAS)) {
            List<String> expected = files.map(file -> "schemas/" + file.getFileName()).sorted().toList();
            assertThat(expected).contains("schemas/manifest.schema.json");
            assertThat(entries.keySet().stream().filter(name -> name.startsWith("schemas/") && !entries.get(name).directory()))
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
        Path install = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, temporary);
        assertThat(install.resolve("schemas/manifest.schema.json")).hasSameBinaryContentAs(SCHEMAS.resolve("manifest.schema.json"));
        assertThat(install.resolve("lib/VERSION")).hasContent(ReleaseArchives.VERSION);
        assertThat(Files.readString(install.resolve("completion/androperator.bash")))
                .as("picocli's completion script, generated by the CLI itself").contains("complete -F")
                .contains("evidence").contains("capture").contains("--operator-package");
    }

    /**
     * picocli ships as Java 17 class files compiled from its sources (picocli-release17), not as its own
     * jar's Java 5 ones, which JDK 25 leaves out of an AOT cache; ReleaseArchiveIT sees a capture map them.
     */
    @Test
    void picocliShipsAsJava17ClassFiles() throws IOException {
        Path install = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, temporary);
        Map<String, Integer> majors = new TreeMap<>();
        try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(install.resolve("lib/androperator.jar").toFile())) {
            for (java.util.zip.ZipEntry entry : java.util.Collections.list(jar.entries())) {
                if (entry.getName().startsWith("picocli/") && entry.getName().endsWith(".class")) {
                    try (var in = jar.getInputStream(entry)) {
                        byte[] header = in.readNBytes(8);
                        majors.put(entry.getName(), ((header[6] & 0xff) << 8) | (header[7] & 0xff));
                    }
                }
            }
        }
        assertThat(majors).as("picocli's classes in lib/androperator.jar").containsKey("picocli/CommandLine.class")
                .hasSizeGreaterThan(200);
        assertThat(majors.values()).as("class file major versions (61 is Java 17)").allMatch(major -> major >= 61);
    }

    @ParameterizedTest
    @EnumSource(value = Variant.class, mode = EnumSource.Mode.EXCLUDE, names = "LINUX_X64_JDK17_TAR_GZ") // no release file
    void theSha256FileNamesTheArchiveAndMatchesItsBytes(Variant variant) throws IOException {
        Path checksum = variant.archive().resolveSibling(variant.file + ".sha256");
        String line = Files.readString(checksum, StandardCharsets.UTF_8);
        assertThat(line).matches("[0-9a-f]{64}  " + Pattern.quote(variant.file) + "\n");
        assertThat(line.substring(0, 64)).isEqualTo(Checksums.sha256(variant.archive()));
        // As a user checks it: sha256sum -c in the directory of the download.
        Launch.Result check = Launch.command(BarePath.which("sha256sum").toString(), "-c", checksum.getFileName().toString())
                .in(checksum.getParent()).run();
        assertThat(check.status()).as(check.toString()).isZero();
        assertThat(check.stdout()).isEqualTo(variant.file + ": OK\n");
    }

    @Test
    void noticeListsEveryBundledThirdPartyArtifactWithItsLicenseAndNothingElse() throws IOException {
        Set<String> bundled = DependencyList.read(ReleaseArchives.BUNDLED_ARTIFACTS).stream()
                .map(DependencyList.Artifact::coordinates).collect(Collectors.toCollection(TreeSet::new));
        assertThat(bundled).as("the dependency list of lib/'s jars").contains("info.picocli:picocli:4.7.7");
        Path install = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, temporary);
        Map<String, String> listed = noticeRows(Files.readString(install.resolve("NOTICE"), StandardCharsets.UTF_8));
        assertThat(listed.keySet()).as("NOTICE (distribution/src/notice/NOTICE) must list exactly what lib/ bundles")
                .containsExactlyInAnyOrderElementsOf(bundled);
        assertThat(listed.values()).allMatch(LICENSES::contains);
        // From the bytes as well: the Maven metadata that the jars in lib/ carry for what they bundle
        // (not every artifact carries one: reactor-core, built by Gradle, does not).
        assertThat(listed.keySet()).as("NOTICE lists every artifact named inside lib/'s jars")
                .containsAll(mavenMetadataOfThirdParties(install.resolve("lib")));
        for (String license : new TreeSet<>(listed.values())) {
            assertThat(license.equals("Apache-2.0") ? install.resolve("LICENSE") : install.resolve("licenses/" + license + ".txt"))
                    .as("the text of " + license).isRegularFile();
        }
    }

    @Test
    void theLinuxX64NoticeAddsTheRuntimeToThePlainOne() throws IOException {
        Path plain = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, Files.createDirectories(temporary.resolve("plain")));
        Path linux = ReleaseArchives.unpack(Variant.LINUX_X64_TAR_GZ, Files.createDirectories(temporary.resolve("linux")));
        String notice = Files.readString(linux.resolve("NOTICE"), StandardCharsets.UTF_8);
        assertThat(notice).startsWith(Files.readString(plain.resolve("NOTICE"), StandardCharsets.UTF_8))
                .contains("runtime/ is a Java runtime image made with jlink")
                .contains("GPL-2.0-only WITH Classpath-exception-2.0").contains("runtime/legal/");
        String release = Files.readString(linux.resolve("runtime/release"), StandardCharsets.UTF_8);
        assertThat(release).contains("java.base").contains("java.desktop").contains("jdk.unsupported");
    }

    /** The feature version of a linux-x64 archive's runtime, from its runtime/release file. */
    private int runtimeFeature(Variant variant) {
        try {
            Path unpacked = ReleaseArchives.unpack(variant, Files.createDirectories(temporary.resolve("release-of-" + variant)));
            String release = Files.readString(unpacked.resolve("runtime/release"), StandardCharsets.UTF_8);
            java.util.regex.Matcher version = Pattern.compile("JAVA_VERSION=\"(\\d+)").matcher(release);
            assertThat(version.find()).as(release).isTrue();
            return Integer.parseInt(version.group(1));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** group:artifact:version of every META-INF/maven/.../pom.properties in lib/*.jar, except ours. */
    static Set<String> mavenMetadataOfThirdParties(Path lib) throws IOException {
        Set<String> coordinates = new TreeSet<>();
        try (Stream<Path> jars = Files.list(lib)) {
            for (Path jar : jars.filter(file -> file.toString().endsWith(".jar")).toList()) {
                try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
                    for (java.util.zip.ZipEntry entry : java.util.Collections.list(zip.entries())) {
                        if (!entry.getName().matches("META-INF/maven/[^/]+/[^/]+/pom\\.properties")) {
                            continue;
                        }
                        java.util.Properties properties = new java.util.Properties();
                        try (var in = zip.getInputStream(entry)) {
                            properties.load(in);
                        }
                        if (!properties.getProperty("groupId").equals("com.androperator.evidence")) {
                            coordinates.add(properties.getProperty("groupId") + ":" + properties.getProperty("artifactId")
                                    + ":" + properties.getProperty("version"));
                        }
                    }
                }
            }
        }
        assertThat(coordinates).as("lib/'s jars name what they bundle").contains("org.jruby.joni:joni:2.2.6");
        return coordinates;
    }

    static Map<String, String> noticeRows(String notice) {
        Map<String, String> rows = new TreeMap<>();
        Matcher matcher = NOTICE_ROW.matcher(notice);
        while (matcher.find()) {
            rows.put(matcher.group(1), matcher.group(2));
        }
        return rows;
    }

    private static Map<String, Entry> byRelativeName(Variant variant) {
        Map<String, Entry> entries = new TreeMap<>();
        for (Entry entry : ReleaseArchives.entries(variant)) {
            assertThat(entry.name()).as("every entry is under " + variant.baseDirectory + "/")
                    .startsWith(variant.baseDirectory + "/");
            String name = relative(variant, entry);
            if (!name.isEmpty()) {
                assertThat(entries.put(name, entry)).as("one entry for " + name).isNull();
            }
        }
        return entries;
    }

    private static String relative(Variant variant, Entry entry) {
        String name = entry.name().substring(variant.baseDirectory.length() + 1);
        return name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
    }
}
