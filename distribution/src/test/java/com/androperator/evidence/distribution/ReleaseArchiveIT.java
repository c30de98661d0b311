package com.androperator.evidence.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.distribution.ReleaseArchives.Variant;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each archive unpacked into an empty directory and run as a new user would: the launchers through
 * symbolic links on a PATH that holds nothing but the launchers' own needs, adb and (for the plain
 * archives) a JDK's java, from an unrelated working directory, with a private HOME. Then
 * {@code --version} (with a JDK 25 runtime it maps its own AOT cache; otherwise its first run makes the
 * class-data-sharing archive next to the jars, which a command's {@code --help} then maps), one capture from the simulated phone through a private real adb server (which
 * maps the shipped AOT cache on the linux-x64 archive with a JDK 25 runtime), verified
 * by the conformance verifier and by the archive's own {@code evidence verify} (and shown by
 * {@code evidence view}), and one MCP
 * {@code initialize} over stdio after which the server exits 0 on end of input.
 */
class ReleaseArchiveIT {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temporary;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void versionCaptureAndMcpInitializeRunFromTheUnpackedArchive(Variant variant) throws Exception {
        Path install = ReleaseArchives.unpack(variant, Files.createDirectories(temporary.resolve("unpacked")));
        Installed tool = Installed.onBarePath(install, variant, temporary);
        assertThat(install.resolve("runtime")).matches(runtime -> Files.isDirectory(runtime) == variant.bundlesRuntime);

        // A JDK 25 runtime maps the AOT caches the archive ships: --version's own, and the capture's below.
        boolean aot = Files.isRegularFile(install.resolve(ReleaseArchives.AOT_CACHE));
        assertThat(aot).as("a linux-x64 archive with a JDK 25 runtime ships the CLI's AOT caches")
                .isEqualTo(variant.bundlesRuntime && Files.readString(install.resolve("runtime/release"))
                        .contains("JAVA_VERSION=\"25"));
        assertThat(Files.isRegularFile(install.resolve(ReleaseArchives.AOT_VERSION_CACHE))).isEqualTo(aot);
        Path versionLoading = temporary.resolve("version-class-load.log");
        Launch.Result first = tool.with("ANDROPERATOR_JAVA_OPTS", "-Xlog:class+load=info:file=" + versionLoading)
                .run("androperator", "--version");
        assertThat(first.status()).as(first.toString()).isZero();
        assertThat(first.stdout()).isEqualTo(ReleaseArchives.VERSION + "\n");
        assertThat(first.stderr()).isEmpty();
        assertThat(Files.readString(versionLoading).contains("com.androperator.evidence.cli.Main source: shared objects file"))
                .as("--version maps its AOT cache on a JDK 25 runtime; elsewhere its first run has no archive yet")
                .isEqualTo(aot);
        if (aot) {
            // --version and --help map their AOT caches and make no class-data-sharing archive: the
            // first command without a cache of its own (a command's --help) starts it.
            assertThat(tool.run("androperator", "--help").status()).isZero();
            assertThat(StartupCache.cacheFilesIn(install.resolve("lib"))).isEmpty();
            assertThat(tool.run("androperator", "evidence", "prune", "--help").status()).isZero();
        }
        // The first run without an AOT cache starts the class-data-sharing archive in the background, next to the jars.
        StartupCache.await(install.resolve("lib"), "androperator");
        assertThat(StartupCache.cacheFilesIn(install.resolve("lib"))).hasSize(1);

        Path classLoading = temporary.resolve("class-load.log");
        // A command's --help, not --version: --version alone is answered before picocli is loaded at
        // all; nor --help alone, which maps its own AOT cache on a JDK 25 runtime.
        Launch.Result second = tool.with("ANDROPERATOR_JAVA_OPTS", "-Xlog:class+load=info:file=" + classLoading)
                .run("androperator", "evidence", "prune", "--help");
        assertThat(second.status()).as(second.toString()).isZero();
        assertThat(Files.readString(classLoading)).as("the second run maps the archive")
                .contains("com.androperator.evidence.cli.Main source: shared objects file")
                .contains("picocli.CommandLine source: shared objects file");

        // A JDK 25 runtime's capture maps the capture's AOT cache, which holds picocli too: the jar
        // ships it as Java 17 class files (picocli-release17), which the cache keeps.
        Path captureLoading = temporary.resolve("capture-class-load.log");
        Path bundle = temporary.resolve("bundle");
        Launch.Result capture = tool.with("ANDROPERATOR_JAVA_OPTS", "-Xlog:class+load=info:file=" + captureLoading)
                .run("androperator", "evidence", "capture", "--device", lab.serial(),
                "--operator-package", AdbLab.OPERATOR, "--output-dir", bundle.toString(), "--label", "Café from the archive");
        assertThat(capture.status()).as(capture.toString()).isZero();
        assertThat(capture.stderr()).isEmpty();
        assertThat(Files.readString(captureLoading))
                .contains("com.androperator.evidence.cli.Main source: shared objects file")
                .contains("picocli.CommandLine source: shared objects file");
        CommandResult result = ContractJson.read(capture.stdout().getBytes(StandardCharsets.UTF_8), CommandResult.class);
        assertThat(result.status()).isEqualTo("complete");
        Conformance.assertConforms(bundle);
        Launch.Result verify = tool.run("androperator", "evidence", "verify", bundle.toString());
        assertThat(verify.status()).as(verify.toString()).isZero();
        Path page = temporary.resolve("bundle.html");
        Launch.Result view = tool.run("androperator", "evidence", "view", bundle.toString(), "--out", page.toString());
        assertThat(view.status()).as(view.toString()).isZero();
        assertThat(Files.readString(page)).contains("data-bounds=");

        // The capture daemon from the archive: bash's /dev/tcp, and no setsid on this PATH.
        Path runtime = Files.createDirectory(temporary.resolve("runtime"), java.nio.file.attribute.PosixFilePermissions
                .asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        Installed daemon = tool.with("ANDROPERATOR_DAEMON", "on").with("XDG_RUNTIME_DIR", runtime.toString())
                .with("ANDROPERATOR_DAEMON_IDLE_SECONDS", "60");
        for (String name : List.of("served-1", "served-2")) {
            Launch.Result served = daemon.run("androperator", "evidence", "capture", "--device", lab.serial(),
                    "--operator-package", AdbLab.OPERATOR, "--output-dir", temporary.resolve(name).toString());
            assertThat(served.status()).as(served.toString()).isZero();
            assertThat(served.stderr()).as("served by the daemon").isEmpty();
            Conformance.assertConforms(temporary.resolve(name));
        }
        Launch.Result status = daemon.run("androperator", "daemon", "status");
        assertThat(status.status()).as(status.toString()).isZero();
        assertThat(status.stdout()).contains("2 captures served").contains(install.resolve("lib/androperator.jar").toString());
        long pid = Long.parseLong(status.stdout().substring("pid ".length(), status.stdout().indexOf(',')));
        Launch.Result stop = daemon.run("androperator", "daemon", "stop");
        assertThat(stop.status()).as(stop.toString()).isZero();
        if (ProcessHandle.of(pid).isPresent()) {
            ProcessHandle.of(pid).get().onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
        }

        Path serverLoading = temporary.resolve("server-class-load.log");
        Launch.Result mcp = tool.with("ANDROPERATOR_JAVA_OPTS", "-Xlog:class+load=info:file=" + serverLoading).mcpInitialize();
        assertThat(mcp.status()).as("the server exits 0 when stdin closes: " + mcp).isZero();
        McpInitialize.assertAnswered(mcp.stdout());
        assertThat(Files.isRegularFile(install.resolve(ReleaseArchives.AOT_SERVER_CACHE))).isEqualTo(aot);
        if (aot) {
            assertThat(Files.readString(serverLoading)).as("the server maps its AOT cache, and makes no archive")
                    .contains("com.androperator.evidence.mcp.Main source: shared objects file");
            assertThat(StartupCache.cacheFilesIn(install.resolve("lib"))).hasSize(1);
        } else {
            StartupCache.await(install.resolve("lib"), "androperator-mcp");
            assertThat(StartupCache.cacheFilesIn(install.resolve("lib"))).as("one archive per tool").hasSize(2);
        }
    }

    @Test
    void anInstallPathWithASpaceWorksAndSkipsTheArchiveWhereJdk17CannotUseIt() throws Exception {
        Path install = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, Files.createDirectories(temporary.resolve("Program Files")));
        Installed tool = Installed.onBarePath(install, Variant.PLAIN_TAR_GZ, temporary);

        Launch.Result version = tool.run("androperator", "--version");
        assertThat(version.status()).as(version.toString()).isZero();
        assertThat(version.stdout()).isEqualTo(ReleaseArchives.VERSION + "\n");
        Launch.Result mcp = tool.mcpInitialize();
        assertThat(mcp.status()).as(mcp.toString()).isZero();
        McpInitialize.assertAnswered(mcp.stdout());
        // JDK 17 makes an archive for such a class path but never maps it, so the launcher does not make one.
        if (Runtime.version().feature() >= 25) {
            StartupCache.await(install.resolve("lib"), "androperator");
            StartupCache.await(install.resolve("lib"), "androperator-mcp");
        } else {
            assertThat(StartupCache.cacheFilesIn(install.resolve("lib"))).isEmpty();
        }
    }

    /**
     * The JVM checks an AOT cache again and runs on without one it rejects, silently: caches of random
     * bytes for {@code --version} and the MCP server and a truncated one for {@code evidence capture} (newer than the jar,
     * with the runtime's release file beside them, so that the launcher hands them over). On a JDK 17
     * runtime the launcher skips them; either way the command's output is its own.
     */
    @Test
    void aCorruptOrTruncatedAotCacheIsSkippedSilently() throws Exception {
        Path install = ReleaseArchives.unpack(Variant.LINUX_X64_TAR_GZ, Files.createDirectories(temporary.resolve("unpacked")));
        Installed tool = Installed.onBarePath(install, Variant.LINUX_X64_TAR_GZ, temporary);
        Launch.Result expectedHelp = tool.with("ANDROPERATOR_CDS", "off").run("androperator", "evidence", "capture", "--help");
        assertThat(expectedHelp.status()).as(expectedHelp.toString()).isZero();
        Path versionCache = install.resolve(ReleaseArchives.AOT_VERSION_CACHE);
        Path captureCache = install.resolve(ReleaseArchives.AOT_CACHE);
        byte[] whole = Files.isRegularFile(captureCache) ? Files.readAllBytes(captureCache) : new byte[1 << 16];
        Files.write(captureCache, java.util.Arrays.copyOf(whole, whole.length / 3));
        byte[] noise = new byte[1 << 16];
        new java.util.Random(26).nextBytes(noise);
        Files.write(versionCache, noise);
        Path serverCache = install.resolve(ReleaseArchives.AOT_SERVER_CACHE);
        Files.write(serverCache, noise);
        for (Path cache : List.of(versionCache, captureCache, serverCache)) {
            Files.copy(install.resolve("runtime/release"), Path.of(cache + ".jvm"), StandardCopyOption.REPLACE_EXISTING);
        }

        Path classLoading = temporary.resolve("class-load.log");
        Launch.Result version = tool.with("ANDROPERATOR_JAVA_OPTS", "-Xlog:class+load=info:file=" + classLoading)
                .run("androperator", "--version");
        assertThat(version.status()).as(version.toString()).isZero();
        assertThat(version.stdout()).isEqualTo(ReleaseArchives.VERSION + "\n");
        assertThat(version.stderr()).isEmpty();
        assertThat(Files.readString(classLoading)).as("no cache held the tool's classes")
                .contains("com.androperator.evidence.cli.Main source: file:");
        Launch.Result help = tool.run("androperator", "evidence", "capture", "--help");
        assertThat(help.status()).as(help.toString()).isZero();
        assertThat(help.stdout()).isEqualTo(expectedHelp.stdout());
        assertThat(help.stderr()).isEmpty();
        Launch.Result mcp = tool.mcpInitialize();
        assertThat(mcp.status()).as(mcp.toString()).isZero();
        McpInitialize.assertAnswered(mcp.stdout());
        assertThat(mcp.stderr()).isEmpty();
    }

    /**
     * An unpacked archive whose launchers are reached through symbolic links in a bin directory on a
     * bare PATH, run from an unrelated directory with a private HOME and the lab's adb server.
     */
    record Installed(Path install, Path links, Path workingDirectory, Map<String, String> environment) {
        static Installed onBarePath(Path install, Variant variant, Path temporary) throws IOException {
            Path tools = variant.bundlesRuntime ? BarePath.create(temporary.resolve("path"))
                    : BarePath.withJava(temporary.resolve("path"));
            Path links = Files.createDirectories(temporary.resolve("links"));
            for (String launcher : List.of("androperator", "androperator-mcp")) {
                // One absolute and one relative link: both must lead the launcher back to its install.
                Path target = install.resolve("bin").resolve(launcher);
                Files.createSymbolicLink(links.resolve(launcher),
                        launcher.endsWith("mcp") ? links.relativize(target) : target);
            }
            Map<String, String> environment = new HashMap<>(lab.adb().environment());
            environment.put("PATH", links + ":" + tools);
            environment.put("HOME", Files.createDirectories(temporary.resolve("home")).toString());
            if (variant.bundlesRuntime) {
                // The bundled runtime wins over JAVA_HOME: a stale one must not matter.
                environment.put("JAVA_HOME", temporary.resolve("no-such-jdk").toString());
            }
            return new Installed(install, links, Files.createDirectories(temporary.resolve("elsewhere")), environment);
        }

        Installed with(String variable, String value) {
            Map<String, String> changed = new HashMap<>(environment);
            changed.put(variable, value);
            return new Installed(install, links, workingDirectory, changed);
        }

        Launch.Result run(String launcher, String... arguments) {
            return run(launcher, List.of(arguments), null);
        }

        Launch.Result run(String launcher, List<String> arguments, String input) {
            return launch(launcher, arguments).run(input);
        }

        /** One initialize line, its answer read, then stdin closed. */
        Launch.Result mcpInitialize() {
            return launch("androperator-mcp", List.of()).converse(McpInitialize.REQUEST + "\n");
        }

        /** Found on PATH by name, as a user types it (the bash that env finds is the bare PATH's too). */
        private Launch launch(String launcher, List<String> arguments) {
            List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/env", launcher));
            command.addAll(arguments);
            return Launch.command(command).environment(environment).in(workingDirectory);
        }
    }
}
