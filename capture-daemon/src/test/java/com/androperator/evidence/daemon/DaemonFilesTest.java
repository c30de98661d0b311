package com.androperator.evidence.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's directory and port file checks, and which requests its identity refuses, on real files. */
class DaemonFilesTest {
    @TempDir
    Path temp;

    private DaemonFiles filesIn(String mode) throws IOException {
        Path directory = Files.createDirectory(temp.resolve("androperator"));
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString(mode));
        return new DaemonFiles(directory.resolve("jar-1.port"));
    }

    @Test
    void aPublishedPortFileIsReadBackWholeAndPrivate() throws Exception {
        DaemonFiles files = filesIn("rwx------");
        files.publish(4711, new DaemonFiles.Tokens("client", "daemon"));

        assertThat(files.read()).contains(List.of("4711", "client", "daemon"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.portFile()))).isEqualTo("rw-------");
        assertThat(files.lock().getFileName()).hasToString("jar-1.lock");
        assertThat(files.log().getFileName()).hasToString("jar-1.log");
    }

    @Test
    void aDirectoryOthersMayEnterIsRefusedAndItsPortFileNotTrusted() throws Exception {
        DaemonFiles files = filesIn("rwx------");
        files.publish(4711, DaemonFiles.Tokens.random());
        Files.setPosixFilePermissions(files.directory(), PosixFilePermissions.fromString("rwxr-x---"));

        assertThatThrownBy(files::checkDirectory).isInstanceOf(DaemonFiles.Unusable.class)
                .hasMessageContaining("with mode rwxr-x---; the daemon's directory must be yours");
        assertThat(files.read()).isEmpty();
    }

    @Test
    void withdrawingLeavesANewerDaemonsPortFile() throws Exception {
        DaemonFiles files = filesIn("rwx------");
        files.publish(4712, new DaemonFiles.Tokens("newer", "daemon"));

        files.withdraw(4711);
        assertThat(files.read()).contains(List.of("4712", "newer", "daemon"));
        files.withdraw(4712);
        assertThat(files.portFile()).doesNotExist();
    }

    @Test
    void theIdentityServesOnlyCapturesOfItsOwnUnchangedJar() throws Exception {
        Path jar = Files.writeString(temp.resolve("androperator.jar"), "jar");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java").toRealPath();
        DaemonIdentity identity = new DaemonIdentity(jar.toString(), Files.getLastModifiedTime(jar), java.toString(), java);

        assertThat(identity.refusal(request(jar, java, "/", "evidence", "capture"))).isNull();
        assertThat(identity.refusal(request(jar, java, "/", "evidence", "verify")))
                .isEqualTo("the daemon runs evidence capture only");
        assertThat(identity.refusal(request(temp.resolve("other.jar"), java, "/", "evidence", "capture")))
                .isEqualTo("this daemon serves " + jar + ", not " + temp.resolve("other.jar"));
        assertThat(identity.refusal(request(jar, java, "relative", "evidence", "capture")))
                .isEqualTo("the working directory is not absolute");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(0));
        assertThat(identity.refusal(request(jar, java, "/", "evidence", "capture")))
                .isEqualTo("the jar " + jar + " changed since the daemon started; it stops");
    }

    private static DaemonWire.CaptureRequest request(Path jar, Path java, String cwd, String... args) {
        return new DaemonWire.CaptureRequest(java.toString(), jar.toString(), cwd, false, List.of(args), Map.of());
    }
}
