package com.androperator.evidence.distribution;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The CLI's ahead-of-time caches, made when the linux-x64 runtime is a JDK 25 or newer: for that
 * runtime and the staged jar ({@code lib/androperator.aot} and {@code lib/androperator-version.aot},
 * shipped in the linux-x64 archive only), and for that JDK and the repository's jar (the same names in
 * {@code target/training/}, which {@code bin/androperator} maps). {@code src/training/aot-train.sh}
 * trains the first of each pair on a complete capture from a simulated phone and the second on
 * {@code --version}; each has a {@code .jvm} file beside it, a copy of the training JVM's release
 * file, by which the launcher knows the JVM it belongs to. Without adb no cache is made and
 * the launchers use their class-data-sharing archives, as on Java 17-24; so they do when the
 * simulated phone does not start, and the release test then fails on the missing cache.
 *
 * <p>Only the CLI gets one: it starts a JVM per command, while the MCP server starts once per session.
 */
final class AotCaches {
    static final String TOOL = "androperator";
    /** The caches aot-train.sh writes: one trained on a capture, one on {@code --version}. */
    private static final List<String> CACHES = List.of(TOOL + ".aot", TOOL + "-version.aot");
    private static final int NO_ADB = 3;

    private final Path trainingDirectory;
    private final Path work;

    AotCaches(Path trainingDirectory, Path work) {
        this.trainingDirectory = trainingDirectory;
        this.work = work;
    }

    /** Trains both caches; the runtime's goes to {@code runtimeLib}. Returns false when adb or the phone is missing. */
    boolean make(RuntimeJdk jdk, Path runtime, Path runtimeLib, Tool cli, Path stagedJar)
            throws IOException, InterruptedException {
        Files.createDirectories(runtimeLib);
        Path shipped = runtimeLib.resolve(TOOL + ".aot");
        Path repository = work.resolve(TOOL + ".aot");
        Path log = work.resolve("aot-train.log");
        List<String> command = List.of("bash", trainingDirectory.resolve("aot-train.sh").toString(),
                work.resolve("aot").toString(),
                runtime.resolve("bin/java").toString(), stagedJar.toString(), shipped.toString(),
                jdk.tool("java").toString(), cli.jar().toString(), repository.toString());
        forget(work);
        int status = ExternalTool.runAllowing(command, log, "AOT cache training", NO_ADB);
        if (status == NO_ADB) {
            System.out.println("distribution: WARNING no AOT cache (" + Files.readString(log).strip() + "): the "
                    + "launchers use their class-data-sharing archives on every Java");
            return false;
        }
        for (String cache : CACHES) {
            Files.copy(runtime.resolve("release"), runtimeLib.resolve(cache + ".jvm"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(jdk.home().resolve("release"), work.resolve(cache + ".jvm"), StandardCopyOption.REPLACE_EXISTING);
        }
        return true;
    }

    /** Removes the repository's caches of an earlier build, which a build without a JDK 25 would leave stale. */
    static void forget(Path work) throws IOException {
        for (String cache : CACHES) {
            Files.deleteIfExists(work.resolve(cache));
            Files.deleteIfExists(work.resolve(cache + ".jvm"));
        }
    }
}
