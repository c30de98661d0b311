package com.androperator.evidence.cli;

import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import com.androperator.evidence.simulator.profile.DisplaySpec;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.ResultEncoding;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Not a test: prints the peak resident set size ({@code /usr/bin/time -f %M}) of an
 * {@code androperator evidence capture} child process for a 64 MiB screenshot and for a 50 MB
 * hierarchy, taken from the simulated phone through a private real adb server. Figures are printed,
 * never asserted. Run it on this module's test classpath (an IDE, or a throwaway JUnit test that
 * calls {@code main}), with the extra JVM options for the child as arguments.
 *
 * The child runs with the launcher's flags (C1 only, serial GC) plus any options given, e.g. {@code -Xmx128m}.
 */
public final class CaptureMemoryFigures {
    private static final int MIB = 1024 * 1024;

    private CaptureMemoryFigures() {
    }

    public static void main(String[] args) throws Exception {
        List<String> jvmOptions = List.of(args);
        Path scratch = Files.createTempDirectory("capture-memory-figures");
        try (PrivateAdbLab lab = PrivateAdbLab.withSamplePhone()) {
            byte[] png = LargeInputs.pngOfExactly(64 * MIB);
            lab.phone(p -> p.toBuilder().displays(DisplaySpec.of(0, "4619827259835644672", 4096, 5400,
                    ProfileFile.inMemory("big.png", png))).build());
            report("64 MiB screenshot", lab, scratch.resolve("screenshot-bundle"), jvmOptions);

            lab.reset();
            Path xml = LargeInputs.hierarchyFile(scratch.resolve("big.xml"), 50_000_000);
            lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(ProfileFile.onDisk(xml))
                    .withEncoding(e -> e.withHierarchyBytes(ResultEncoding.HierarchyBytes.VERBATIM))).build());
            report("50 MB hierarchy (" + Files.size(xml) + " bytes)", lab, scratch.resolve("hierarchy-bundle"), jvmOptions);
        }
    }

    private static void report(String what, AdbLab lab, Path bundle, List<String> jvmOptions)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "MAXRSS_KB %M WALL_S %e USER_S %U SYS_S %S",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "evidence", "capture", "--device", lab.serial(), "--operator-package", AdbLab.OPERATOR,
                "--output-dir", bundle.toString(), "--timeout", "120000"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(lab.environment());
        Process process = builder.start();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        process.waitFor(10, TimeUnit.MINUTES);
        String stderr = new String(err, StandardCharsets.UTF_8).strip();
        String figures = stderr.lines().filter(l -> l.startsWith("MAXRSS_KB")).findFirst().orElse(stderr);
        System.out.println(what + " with JVM options " + jvmOptions + ": exit " + process.exitValue() + ", " + figures
                + "\n  result: " + new String(out, StandardCharsets.UTF_8).strip());
    }
}
