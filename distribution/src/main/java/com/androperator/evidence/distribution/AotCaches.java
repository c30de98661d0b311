package com.androperator.evidence.distribution;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The ahead-of-time caches, made when the linux-x64 runtime is a JDK 25 or newer, one per entry point:
 * {@code androperator.aot} (trained on a complete capture from a simulated phone),
 * {@code androperator-version.aot} (on {@code --version}), {@code androperator-help.aot}, {@code -verify.aot} and
 * {@code -view.aot} (on {@code --help} and on verifying and viewing that capture's bundle) and
 * {@code androperator-mcp.aot} (on the MCP
 * server's initialize and tools/list, then 600 captures with their method profiles), all by {@code src/training/aot-train.sh}. One set for that runtime
 * and the staged jars ({@code lib/}, shipped in the linux-x64 archive only), one for that JDK and the
 * repository's jars ({@code target/training/}, which {@code bin/androperator} and
 * {@code bin/androperator-mcp} map). Each has a {@code .jvm} file beside it, a copy of the training
 * JVM's release file, by which the launcher knows the JVM it belongs to. Without adb no cache is made and
 * the launchers use their class-data-sharing archives, as on Java 17-24; so they do when the
 * simulated phone does not start, and the release test then fails on the missing cache.
 */
final class AotCaches {
    static final String TOOL = "androperator";
    static final String SERVER = "androperator-mcp";
    /** The caches aot-train.sh writes into each directory. */
    private static final List<String> CACHES = List.of(TOOL + ".aot", TOOL + "-version.aot", TOOL + "-help.aot",
            TOOL + "-verify.aot", TOOL + "-view.aot", SERVER + ".aot");
    private static final int NO_ADB = 3;

    private final Path trainingDirectory;
    private final Path work;

    AotCaches(Path trainingDirectory, Path work) {
        this.trainingDirectory = trainingDirectory;
        this.work = work;
    }

    /**
     * Trains both sets: the runtime's on the staged jars into {@code runtimeLib}, the repository's into the
     * work directory. Returns false when adb or the phone is missing.
     */
    boolean make(RuntimeJdk jdk, Path runtime, Path runtimeLib, Tool cli, Tool server, Staging staging)
            throws IOException, InterruptedException {
        Files.createDirectories(runtimeLib);
        Path log = work.resolve("aot-train.log");
        List<String> command = List.of("bash", trainingDirectory.resolve("aot-train.sh").toString(),
                work.resolve("aot").toString(),
                runtime.resolve("bin/java").toString(), staging.jar(cli).toString(), staging.jar(server).toString(),
                runtimeLib.toString(),
                jdk.tool("java").toString(), cli.jar().toString(), server.jar().toString(), work.toString());
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
