package com.androperator.evidence.simulator.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdbServerHarnessTest {

    @Test
    void missingAdbExplainsHowToInstallIt(@TempDir Path empty) {
        assertThatThrownBy(() -> AdbServerHarness.locateAdb(empty.toString() + ":"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("adb not found on PATH: install it (Debian: apt-get install -y adb)");
        assertThatThrownBy(() -> AdbServerHarness.locateAdb(null))
                .hasMessage(AdbServerHarness.ADB_MISSING);
    }

    @Test
    void adbIsTheFirstExecutableOnPath(@TempDir Path dir) throws IOException {
        Path notExecutable = Files.createDirectories(dir.resolve("a")).resolve("adb");
        Files.writeString(notExecutable, "");
        Path executable = Files.createDirectories(dir.resolve("b")).resolve("adb");
        Files.writeString(executable, "#!/bin/sh\n");
        Files.setPosixFilePermissions(executable, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertThat(AdbServerHarness.locateAdb(dir.resolve("a") + ":" + dir.resolve("b")))
                .isEqualTo(executable);
    }

    @Test
    void privateServerHasItsOwnPortHomeAndEnvironment() throws IOException {
        Path home;
        int port;
        try (AdbServerHarness adb = AdbServerHarness.start()) {
            home = adb.home();
            port = adb.port();
            assertThat(port).isNotEqualTo(5037);
            assertThat(adb.environment()).containsOnly(
                    java.util.Map.entry("ANDROID_ADB_SERVER_PORT", Integer.toString(port)),
                    java.util.Map.entry("HOME", home.toString()),
                    java.util.Map.entry("ADB_EMU", "0"));
            assertThat(AdbHostClient.query(port, "host:version", java.time.Duration.ofSeconds(5)))
                    .matches("[0-9a-f]{4}");
            assertThat(adb.state("127.0.0.1:1")).startsWith("absent: ");
            // The server wrote its key into the private HOME, not the user's.
            assertThat(home.resolve(".android")).isDirectory();
            ProcessBuilder child = adb.applyTo(new ProcessBuilder("true"));
            assertThat(child.environment()).containsEntry("ANDROID_ADB_SERVER_PORT",
                    Integer.toString(port)).doesNotContainKey("ADB_SERVER_SOCKET");
        }
        assertThat(home).doesNotExist();
        assertThatThrownBy(() -> AdbHostClient.query(port, "host:version",
                java.time.Duration.ofSeconds(2))).isInstanceOf(IOException.class);
    }
}
