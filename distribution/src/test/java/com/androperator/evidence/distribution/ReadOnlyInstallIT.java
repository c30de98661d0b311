package com.androperator.evidence.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.distribution.ReleaseArchives.Variant;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An install directory the user cannot write (unpacked, then {@code chmod -R a-w}): the start-up
 * archive goes to the user's cache directory instead, and when no directory can take it the
 * command still runs, without one. CI runs as root, which write bits do not stop, so these
 * launchers run as nobody (setpriv, util-linux) when the tests are root: the launcher's own
 * {@code [ -w dir ]} check and the JVM's writes then meet real permissions.
 */
class ReadOnlyInstallIT {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();

    @TempDir
    Path temporary;

    private Path install;
    private Path user;
    private Map<String, String> environment;

    @BeforeEach
    void unpackReadOnly() throws IOException {
        // Traversable by nobody: the temporary directory is the test user's own (0700).
        Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rwxr-xr-x"));
        install = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, Files.createDirectories(temporary.resolve("opt")));
        Launch.Result chmod = Launch.command("chmod", "-R", "a-w", install.toString()).run();
        assertThat(chmod.status()).as(chmod.toString()).isZero();
        user = ownedByTheUser(temporary.resolve("user"));
        environment = new HashMap<>(lab.adb().environment());
        environment.put("PATH", BarePath.withJava(temporary.resolve("path")).toString());
        environment.put("HOME", ownedByTheUser(user.resolve("home")).toString());
    }

    @Test
    void theLauncherUserCannotWriteTheInstall() {
        // What makes the other cases honest: the user the launchers run as meets the write bits.
        Launch.Result touch = Launch.command(BarePath.which("touch").toString(), install.resolve("lib/probe").toString())
                .environment(environment).in(user).unprivileged().run();
        assertThat(touch.status()).as(touch.toString()).isNotZero();
        assertThat(touch.stderr()).contains("Permission denied");
        assertThat(install.resolve("lib/probe")).doesNotExist();
    }

    @Test
    void theArchiveGoesToXdgCacheHomeAndIsMappedFromThere() throws Exception {
        Path cache = user.resolve("cache");
        environment.put("XDG_CACHE_HOME", cache.toString());

        Launch.Result first = androperator("--version");
        assertThat(first.status()).as(first.toString()).isZero();
        assertThat(first.stdout()).isEqualTo(ReleaseArchives.VERSION + "\n");
        assertThat(first.stderr()).isEmpty();
        Path versioned = cache.resolve("androperator").resolve(ReleaseArchives.VERSION);
        StartupCache.await(versioned, "androperator");
        assertThat(StartupCache.cacheFilesIn(install.resolve("lib"))).as("nothing written to the install").isEmpty();

        Path log = user.resolve("class-load.log");
        environment.put("ANDROPERATOR_JAVA_OPTS", "-Xlog:class+load=info:file=" + log);
        Launch.Result second = androperator("--version");
        assertThat(second.status()).as(second.toString()).isZero();
        assertThat(Files.readString(log)).contains("com.androperator.evidence.cli.Main source: shared objects file");
    }

    @Test
    void withoutXdgCacheHomeTheArchiveGoesToHomeDotCache() throws Exception {
        Launch.Result run = androperator("--version");
        assertThat(run.status()).as(run.toString()).isZero();
        StartupCache.await(user.resolve("home/.cache/androperator").resolve(ReleaseArchives.VERSION), "androperator");
    }

    @Test
    void whenNothingCanBeWrittenTheCommandsStillRunWithoutAnArchive() throws IOException {
        environment.put("HOME", "/nonexistent");
        environment.put("XDG_CACHE_HOME", "/nonexistent/cache");

        Launch.Result version = androperator("--version");
        assertThat(version.status()).as(version.toString()).isZero();
        assertThat(version.stdout()).isEqualTo(ReleaseArchives.VERSION + "\n");
        assertThat(version.stderr()).isEmpty();

        Path bundle = user.resolve("bundle");
        Launch.Result capture = androperator("evidence", "capture", "--device", lab.serial(), "--operator-package",
                AdbLab.OPERATOR, "--output-dir", bundle.toString());
        assertThat(capture.status()).as(capture.toString()).isZero();
        Conformance.assertConforms(bundle);
        try (Stream<Path> files = Files.walk(temporary)) {
            assertThat(files.filter(file -> file.toString().contains(".jsa"))).as("no archive anywhere").isEmpty();
        }
    }

    private Launch.Result androperator(String... arguments) {
        List<String> command = new java.util.ArrayList<>(List.of(install.resolve("bin/androperator").toString()));
        command.addAll(List.of(arguments));
        return Launch.command(command).environment(environment).in(user).unprivileged().run();
    }

    /** A directory the user the launcher runs as can write (nobody's when the tests are root). */
    private static Path ownedByTheUser(Path directory) throws IOException {
        Files.createDirectories(directory);
        if (Launch.isRoot()) {
            Files.setAttribute(directory, "unix:uid", Launch.UNPRIVILEGED_ID);
            Files.setAttribute(directory, "unix:gid", Launch.UNPRIVILEGED_ID);
        }
        return directory;
    }
}
