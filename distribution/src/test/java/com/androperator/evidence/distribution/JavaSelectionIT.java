package com.androperator.evidence.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.distribution.ReleaseArchives.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which java the plain archive's launchers run: JAVA_HOME when set, else java on PATH; a Java
 * older than 17, a JAVA_HOME without java, or no java at all stop with a message that says what to
 * install, before any JVM runs. The old JVMs here are stand-ins (a release file, or a java that
 * only answers -version), since no Java 8 or 11 is installed.
 */
class JavaSelectionIT {
    @TempDir
    Path temporary;

    private Path install;
    private Map<String, String> environment;

    @BeforeEach
    void unpack() throws IOException {
        install = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, Files.createDirectories(temporary.resolve("unpacked")));
        environment = new HashMap<>();
        environment.put("PATH", BarePath.create(temporary.resolve("path")).toString());
        environment.put("HOME", Files.createDirectories(temporary.resolve("home")).toString());
    }

    @Test
    void javaHomeIsUsedWhenPathHasNoJavaAndTheCacheCanBeTurnedOff() throws IOException {
        environment.put("JAVA_HOME", System.getProperty("java.home"));
        environment.put("ANDROPERATOR_CDS", "off");
        Launch.Result run = androperator("--version");
        assertThat(run.status()).as(run.toString()).isZero();
        assertThat(run.stdout()).isEqualTo(ReleaseArchives.VERSION + "\n");
        assertThat(StartupCache.cacheFilesIn(install.resolve("lib"))).isEmpty();
    }

    @Test
    void noJavaAtAllSaysWhatToInstall() {
        Launch.Result run = androperator("--version");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("androperator: no java on PATH: install a JDK 17 or newer (Debian/Ubuntu: "
                + "sudo apt-get install -y openjdk-17-jdk-headless; macOS: brew install openjdk@17) and put its bin/ "
                + "on PATH or set JAVA_HOME to it\n");
    }

    @Test
    void aJavaHomeWithoutJavaIsNamed() {
        Path empty = temporary.resolve("empty-jdk");
        environment.put("JAVA_HOME", empty.toString());
        Launch.Result run = androperator("--version");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.stderr()).startsWith("androperator: JAVA_HOME is " + empty + ", which has no bin/java");
    }

    @Test
    void java11IsRefusedFromItsReleaseFileWithoutStartingIt() throws IOException {
        Path jdk = StandInJdk.create(temporary, "jdk-11", "JAVA_VERSION=\"11.0.22\"\n", "echo 'this java must not run' >&2; exit 99");
        environment.put("JAVA_HOME", jdk.toString());
        Launch.Result run = androperator("--version");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.stderr()).startsWith("androperator: " + jdk.resolve("bin/java")
                + " is Java 11.0.22, and androperator needs Java 17 or newer: install a JDK 17 or newer");
    }

    @Test
    void java8WithoutAReleaseFileIsRefusedFromItsVersionLine() throws IOException {
        Path jdk = StandInJdk.create(temporary, "jre-8", null, "echo 'openjdk version \"1.8.0_392\"' >&2; echo 'OpenJDK Runtime Environment' >&2");
        Path path = Files.createDirectories(temporary.resolve("path-with-java-8"));
        Files.createSymbolicLink(path.resolve("java"), jdk.resolve("bin/java"));
        environment.put("PATH", path + ":" + environment.get("PATH"));
        Launch.Result mcp = launch("androperator-mcp");
        assertThat(mcp.status()).isEqualTo(1);
        assertThat(mcp.stdout()).isEmpty();
        assertThat(mcp.stderr()).startsWith("androperator-mcp: " + path.resolve("java")
                + " is Java 1.8.0_392, and androperator-mcp needs Java 17 or newer");
    }

    private Launch.Result androperator(String... arguments) {
        return launch("androperator", arguments);
    }

    private Launch.Result launch(String launcher, String... arguments) {
        List<String> command = new java.util.ArrayList<>(List.of(install.resolve("bin").resolve(launcher).toString()));
        command.addAll(List.of(arguments));
        return Launch.command(command).environment(environment).in(temporary).run();
    }
}
