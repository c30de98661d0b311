package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AdbServerAddressTest {

    private static AdbServerAddress resolved(Map<String, String> environment) {
        AdbServerAddress.Resolution resolution = AdbServerAddress.fromEnvironment(environment);
        assertThat(resolution).isInstanceOf(AdbServerAddress.Resolution.Resolved.class);
        return ((AdbServerAddress.Resolution.Resolved) resolution).address();
    }

    @Test
    void defaultsToTheLocalPort5037() {
        AdbServerAddress address = resolved(Map.of());
        assertThat(address.host()).isEqualTo("127.0.0.1");
        assertThat(address.port()).isEqualTo(5037);
        assertThat(address.local()).isTrue();
    }

    @Test
    void anAndroidAdbServerPortMovesTheLocalServer() {
        assertThat(resolved(Map.of("ANDROID_ADB_SERVER_PORT", "5123")).port()).isEqualTo(5123);
    }

    @Test
    void adbServerSocketWinsAndCanBeRemote() {
        AdbServerAddress address = resolved(Map.of("ADB_SERVER_SOCKET", "tcp:farm.example:5038",
                "ANDROID_ADB_SERVER_PORT", "5123"));
        assertThat(address.host()).isEqualTo("farm.example");
        assertThat(address.port()).isEqualTo(5038);
        assertThat(address.local()).isFalse();
        assertThat(resolved(Map.of("ADB_SERVER_SOCKET", "tcp:[::1]:5040")).host()).isEqualTo("::1");
        assertThat(resolved(Map.of("ADB_SERVER_SOCKET", "tcp:5041")).port()).isEqualTo(5041);
    }

    @Test
    void invalidSettingsAreNamed() {
        assertThat(AdbServerAddress.fromEnvironment(Map.of("ADB_SERVER_SOCKET", "localfilesystem:/x")))
                .isInstanceOf(AdbServerAddress.Resolution.Invalid.class);
        assertThat(AdbServerAddress.fromEnvironment(Map.of("ANDROID_ADB_SERVER_PORT", "70000")))
                .isEqualTo(new AdbServerAddress.Resolution.Invalid("ANDROID_ADB_SERVER_PORT=70000 is not a TCP port (1..65535)"));
    }
}
