package com.androperator.evidence.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.distribution.ReleaseArchives.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The locale both launchers give their JVM (bin/lib/utf8-locale.sh): the caller's own when it is
 * UTF-8, however it is set, and otherwise an installed UTF-8 one through LC_ALL, also when the
 * caller names a UTF-8 locale this machine does not have. The JVM is a stand-in that prints the
 * LC_ALL it was given and the charset its environment yields, so each case runs without Java.
 */
class Utf8LocaleIT {
    /** What the launcher may choose when it must (the first of them this machine has). */
    private static final List<String> CANDIDATES = List.of("C.UTF-8", "C.utf8", "en_US.UTF-8");
    private static final String KEPT = "(kept)";
    private static final String CANDIDATE = "(a UTF-8 candidate)";

    @TempDir
    Path temporary;

    static Stream<Arguments> callerLocales() {
        return Stream.of(
                Arguments.of(Map.of(), CANDIDATE),
                Arguments.of(Map.of("LANG", "C.UTF-8"), KEPT),
                Arguments.of(Map.of("LC_CTYPE", "C.UTF-8"), KEPT),
                // Not the first candidate's spelling, so that a launcher overriding every locale fails here.
                Arguments.of(Map.of("LC_ALL", "C.utf8"), "C.utf8"),
                Arguments.of(Map.of("LC_ALL", "C"), CANDIDATE),
                Arguments.of(Map.of("LC_ALL", "POSIX", "LANG", "C.UTF-8"), CANDIDATE),
                Arguments.of(Map.of("LANG", "C.UTF-8", "LC_CTYPE", "C"), CANDIDATE),
                Arguments.of(Map.of("LANG", "xx_XX.UTF-8"), CANDIDATE));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("callerLocales")
    void eachLauncherRunsItsJvmInAUtf8LocaleAndKeepsTheCallersWhenItIsOne(Map<String, String> locale, String expected)
            throws IOException {
        Path bin = ReleaseArchives.unpack(Variant.PLAIN_TAR_GZ, Files.createDirectories(temporary.resolve("unpacked")))
                .resolve("bin");
        Map<String, String> environment = new HashMap<>(locale);
        environment.put("PATH", BarePath.create(temporary.resolve("path")).toString());
        environment.put("HOME", Files.createDirectories(temporary.resolve("home")).toString());
        environment.put("JAVA_HOME", StandInJdk.create(temporary, "jdk-17", "JAVA_VERSION=\"17.0.9\"\n",
                "printf 'LC_ALL=%s\\ncharmap=%s\\n' \"${LC_ALL-unset}\" \"$(locale charmap)\"").toString());
        environment.put("ANDROPERATOR_CDS", "off");
        for (List<String> command : List.of(List.of(bin.resolve("androperator").toString(), "--version"),
                List.of(bin.resolve("androperator-mcp").toString()))) {
            Launch.Result run = Launch.command(command).environment(environment).in(temporary).run();
            assertThat(run.status()).as(run.toString()).isZero();
            assertThat(run.stderr()).as(run.toString()).isEmpty();
            List<String> lines = run.stdout().lines().toList();
            assertThat(lines).as(run.toString()).hasSize(2).endsWith("charmap=UTF-8");
            String given = lines.get(0).substring("LC_ALL=".length());
            switch (expected) {
                case KEPT -> assertThat(given).as(run.toString()).isEqualTo("unset");
                case CANDIDATE -> assertThat(given).as(run.toString()).isIn(CANDIDATES);
                default -> assertThat(given).as(run.toString()).isEqualTo(expected);
            }
        }
    }
}
