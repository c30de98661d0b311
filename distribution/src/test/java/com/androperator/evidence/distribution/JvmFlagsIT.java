package com.androperator.evidence.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.distribution.ReleaseArchives.Variant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM flags have one home, {@code bin/lib/jvm-flags.sh}: the released launchers and the capture
 * daemon's start run their JVMs with its flags, and the AOT training (which must train each cache
 * with the flags of the runs that map it) takes them from the same file instead of spelling its own.
 */
class JvmFlagsIT {
    private static final Path TRAINING = Path.of("src/training/aot-train.sh");
    /** The flags the file sets; none of them may be spelled anywhere else. */
    private static final List<String> SHARED_FLAGS = List.of("TieredStopAtLevel", "UseSerialGC",
            "CompileThresholdScaling", "InitialHeapSize", "MinHeapFreeRatio", "MaxHeapFreeRatio", "MaxInlineLevel",
            "InlineSmallCode", "useNativeAccessorOnly", "UsePerfData", "UseTransparentHugePages");

    @TempDir
    Path temporary;

    private Path install;

    @BeforeEach
    void unpack() throws IOException {
        install = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, Files.createDirectories(temporary.resolve("unpacked")));
    }

    @Test
    void eachKindOfJvmHasItsFlagsOnEachJavaVersion() {
        String offered = "always [madvise] never";
        assertThat(flags("command", 17, offered)).containsExactly("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-XX:CompileThresholdScaling=3", "-XX:+UseTransparentHugePages");
        assertThat(flags("command", 25, offered)).containsExactly("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-XX:CompileThresholdScaling=3", "-XX:+UseTransparentHugePages", "-Djdk.reflect.useNativeAccessorOnly=true");
        assertThat(flags("daemon", 25, offered)).containsExactly("-XX:+UseSerialGC", "-XX:-UsePerfData",
                "-XX:MaxInlineLevel=9", "-XX:InlineSmallCode=1000");
        assertThat(flags("verify", 17, offered)).containsExactly("-XX:+UseSerialGC", "-XX:+UseTransparentHugePages");
        assertThat(flags("verify", 18, offered)).containsExactly("-XX:+UseSerialGC", "-XX:+UseTransparentHugePages",
                "-Djdk.reflect.useNativeAccessorOnly=true");
        assertThat(flags("server", 25, offered)).containsExactly("-XX:InitialHeapSize=32m",
                "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30", "-XX:MaxInlineLevel=9", "-XX:InlineSmallCode=1000",
                "-XX:+UseTransparentHugePages");
        assertThat(flags("command", 25, "always madvise [never]")).containsExactly("-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC", "-XX:CompileThresholdScaling=3", "-Djdk.reflect.useNativeAccessorOnly=true");
    }

    /**
     * The server, one-shot commands and verify ask for transparent huge pages where the kernel
     * offers them, and not where the JVM would warn; the daemon never does.
     */
    @ParameterizedTest
    @ValueSource(strings = {"always [madvise] never", "[always] madvise never", "always madvise [never]", ""})
    void everyKindButTheDaemonAsksForTransparentHugePagesWhereTheKernelOffersThem(String mode) {
        boolean offered = mode.contains("[madvise]") || mode.contains("[always]");

        for (String kind : List.of("server", "command", "verify")) {
            assertThat(flags(kind, 17, mode).contains("-XX:+UseTransparentHugePages")).as(kind + " " + mode)
                    .isEqualTo(offered);
        }
        assertThat(flags("daemon", 17, mode)).doesNotContain("-XX:+UseTransparentHugePages");
    }

    @Test
    void noKernelSettingMeansNoHugePages() {
        for (String kind : List.of("server", "command", "verify")) {
            Launch.Result result = Launch.command("bash", "-c", ". bin/lib/jvm-flags.sh && jvm_flags_thp_setting=\"$0\""
                            + " && jvm_flags_for \"$1\" 25 && printf '%s\\n' \"${jvm_flags[@]}\"",
                            temporary.resolve("no-such-file").toString(), kind).in(install).run();

            assertThat(result.status()).as(result.toString()).isZero();
            assertThat(result.stdout().lines()).as(kind).doesNotContain("-XX:+UseTransparentHugePages");
            assertThat(result.stderr()).isEmpty();
        }
    }

    @Test
    void anUnknownKindIsAnError() {
        Launch.Result result = Launch.command("bash", "-c", ". bin/lib/jvm-flags.sh && jvm_flags_for client 25")
                .in(install).run();
        assertThat(result.status()).as(result.toString()).isEqualTo(2);
        assertThat(result.stderr()).isEqualTo("jvm_flags_for: no JVM kind 'client'\n");
    }

    @Test
    void theLaunchersStartTheirJvmsWithTheFileFlags() {
        Map<String, String> environment = Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "HOME", temporary.toString(), "JAVA_HOME", System.getProperty("java.home"), "ANDROPERATOR_CDS", "off",
                "ANDROPERATOR_JAVA_OPTS", "-XX:+PrintCommandLineFlags");
        int java = Runtime.version().feature();
        Launch.Result version = Launch.command(install.resolve("bin/androperator").toString(), "--version")
                .environment(environment).in(install).run();
        assertThat(version.status()).as(version.toString()).isZero();
        assertThat(printedFlags(version.stdout())).containsAllEntriesOf(vmFlags(flags("command", java)));
        Launch.Result server = Launch.command(install.resolve("bin/androperator-mcp").toString())
                .environment(environment).in(install).run();
        assertThat(printedFlags(server.stdout())).as(server.toString()).containsAllEntriesOf(vmFlags(flags("server", java)))
                .doesNotContainKeys("TieredStopAtLevel", "CompileThresholdScaling");
        Launch.Result verify = Launch.command(install.resolve("bin/androperator").toString(), "evidence", "verify",
                temporary.resolve("no-bundle").toString()).environment(environment).in(install).run();
        assertThat(printedFlags(verify.stdout())).as(verify.toString()).containsAllEntriesOf(vmFlags(flags("verify", java)))
                .doesNotContainKeys("TieredStopAtLevel", "CompileThresholdScaling", "MaxInlineLevel");
    }

    /**
     * The linux-x64 archive's own runtime: on Java 25, with its cache, the server starts from the
     * cache's method profiles and sends the methods its training compiled with C2 straight to C2
     * ({@code SkipTier2IfPossible}); {@code --version}, whose cache holds no profiles, does not get
     * it, and neither does a server that runs without a cache (an archive linked from JDK 17).
     */
    @Test
    void onlyTheServerWithItsJava25CacheSendsItsTrainedMethodsStraightToC2() throws IOException {
        Path linux = ReleaseArchives.unpack(Variant.LINUX_X64_TAR_GZ, Files.createDirectories(temporary.resolve("linux-x64")));
        boolean serverCache = Files.isRegularFile(linux.resolve(ReleaseArchives.AOT_SERVER_CACHE));
        Map<String, String> environment = Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "HOME", temporary.toString(), "ANDROPERATOR_JAVA_OPTS", "-XX:+PrintCommandLineFlags");

        Launch.Result server = Launch.command(linux.resolve("bin/androperator-mcp").toString())
                .environment(environment).in(linux).run();
        Launch.Result version = Launch.command(linux.resolve("bin/androperator").toString(), "--version")
                .environment(environment).in(linux).run();

        assertThat(server.stderr()).as(server.toString()).isEmpty();
        Map<String, String> serverFlags = printedFlags(server.stdout());
        assertThat(serverFlags.containsKey("AOTCache")).as("the server maps its cache: " + serverFlags).isEqualTo(serverCache);
        if (serverCache) {
            assertThat(serverFlags).containsEntry("SkipTier2IfPossible", "+");
        } else {
            assertThat(serverFlags).doesNotContainKey("SkipTier2IfPossible");
        }
        assertThat(version.status()).as(version.toString()).isZero();
        assertThat(printedFlags(version.stdout())).doesNotContainKey("SkipTier2IfPossible");
    }

    /** The server's initial heap (32 MB) would stop a JVM the caller gave a smaller maximum: the caller's sizes win. */
    @ParameterizedTest
    @ValueSource(strings = {"-Xmx16m", "-XX:MaxHeapSize=16m", "-Xms8m -Xmx16m"})
    void aCallersOwnHeapSizeReplacesTheServersInitialHeap(String heap) {
        Map<String, String> environment = Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "HOME", temporary.toString(), "JAVA_HOME", System.getProperty("java.home"), "ANDROPERATOR_CDS", "off",
                "ANDROPERATOR_JAVA_OPTS", heap + " -XX:+PrintCommandLineFlags");

        Launch.Result server = Launch.command(install.resolve("bin/androperator-mcp").toString())
                .environment(environment).in(install).run();

        assertThat(server.stderr()).as(server.toString()).doesNotContain("Error occurred during initialization");
        assertThat(printedFlags(server.stdout())).as(server.toString()).containsEntry("MaxHeapSize", "1.6777216E7");
        assertThat(Double.parseDouble(printedFlags(server.stdout()).get("InitialHeapSize"))).isLessThanOrEqualTo(1.6777216E7);
    }

    @Test
    void theLaunchersAndTheTrainingTakeTheirFlagsFromTheFileAndSpellNoneOfTheirOwn() throws IOException {
        assertThat(Files.readString(TRAINING)).contains(". \"$root/bin/lib/jvm-flags.sh\"");
        assertThat(Files.readString(install.resolve("bin/androperator"))).contains(". \"$root/bin/lib/jvm-flags.sh\"");
        assertThat(Files.readString(install.resolve("bin/androperator-mcp"))).contains(". \"$root/bin/lib/jvm-flags.sh\"");
        List<Path> scripts = List.of(TRAINING, install.resolve("bin/androperator"), install.resolve("bin/androperator-mcp"),
                install.resolve("bin/lib/launcher.sh"), install.resolve("bin/lib/daemon.sh"));
        List<String> spelled = new ArrayList<>();
        for (Path script : scripts) {
            String text = Files.readString(script);
            SHARED_FLAGS.stream().filter(text::contains).forEach(flag -> spelled.add(script.getFileName() + ": " + flag));
        }
        assertThat(spelled).isEmpty();
    }

    /** The flags of {@code kind} with the kernel's transparent huge page setting read as {@code thpMode}. */
    private List<String> flags(String kind, int javaMajor, String thpMode) {
        Path setting = temporary.resolve("thp-enabled");
        try {
            Files.writeString(setting, thpMode.isEmpty() ? "" : thpMode + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Launch.Result result = Launch.command("bash", "-c", ". bin/lib/jvm-flags.sh && jvm_flags_thp_setting=\"$2\""
                        + " && jvm_flags_for \"$0\" \"$1\" && printf '%s\\n' \"${jvm_flags[@]}\"",
                        kind, String.valueOf(javaMajor), setting.toString())
                .in(install).run();
        assertThat(result.status()).as(result.toString()).isZero();
        return result.stdout().lines().toList();
    }

    /** The flags of {@code kind} on this machine, as the launchers compute them. */
    private List<String> flags(String kind, int javaMajor) {
        Launch.Result result = Launch.command("bash", "-c", ". bin/lib/jvm-flags.sh && jvm_flags_for \"$0\" \"$1\""
                        + " && printf '%s\\n' \"${jvm_flags[@]}\"", kind, String.valueOf(javaMajor))
                .in(install).run();
        assertThat(result.status()).as(result.toString()).isZero();
        return result.stdout().lines().toList();
    }

    /** The line of flags -XX:+PrintCommandLineFlags printed, by {@link #vmFlags}. */
    private static Map<String, String> printedFlags(String stdout) {
        Matcher line = Pattern.compile("(?m)^-XX:.*$").matcher(stdout);
        assertThat(line.find()).as("a line of -XX flags in: " + stdout).isTrue();
        return vmFlags(Arrays.asList(line.group().trim().split(" ")));
    }

    /**
     * Each -XX flag's name and value ({@code +} or {@code -} for a switch), a number as the JVM
     * prints it back ({@code 3} as {@code 3.0}, as {@code 3.000000} is; a size in bytes); -D
     * properties are left out.
     */
    private static Map<String, String> vmFlags(List<String> flags) {
        Map<String, String> parsed = new TreeMap<>();
        for (String flag : flags) {
            if (!flag.startsWith("-XX:")) {
                continue;
            }
            String body = flag.substring("-XX:".length());
            int equals = body.indexOf('=');
            if (equals < 0) {
                parsed.put(body.substring(1), body.substring(0, 1));
            } else {
                String value = body.substring(equals + 1);
                parsed.put(body.substring(0, equals), value.matches("[0-9.]+") ? String.valueOf(Double.parseDouble(value))
                        : value.matches("[0-9]+[kmg]") ? String.valueOf(bytes(value)) : value);
            }
        }
        return parsed;
    }

    /** A size in bytes, as the JVM prints it back ({@code 32m} as 33554432) and {@link #vmFlags} keeps numbers: 3.3554432E7. */
    private static double bytes(String size) {
        long unit = switch (size.charAt(size.length() - 1)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            default -> 1L << 30;
        };
        return Double.parseDouble(size.substring(0, size.length() - 1)) * unit;
    }
}
