package com.androperator.evidence.distribution;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.spi.ToolProvider;

/**
 * The linux-x64 archive's {@code runtime/}: a JDK ({@link RuntimeJdk}: Temurin 25 where the build
 * finds it, else the build's own) trimmed by its own jlink to the modules jdeps finds in the tools'
 * jars, plus the ones it cannot see, and that archive's NOTICE (the plain one with a section for the
 * runtime).
 */
final class RuntimeImage {
    /**
     * Modules no class names statically: jdk.unsupported holds sun.misc.Signal (Ctrl-C and SIGTERM
     * cancel device work), which jdeps does find today; listed so that a refactoring cannot drop it.
     */
    static final List<String> ALWAYS = List.of("jdk.unsupported");

    private final Path out;

    RuntimeImage(Path out) {
        this.out = out;
    }

    Path runtime() {
        return out.resolve("runtime");
    }

    void build(RuntimeJdk jdk, List<Path> jars, Path plainNotice) throws IOException, InterruptedException {
        Staging.deleteTree(out);
        Files.createDirectories(out);
        TreeSet<String> modules = new TreeSet<>(requiredModules(jars));
        modules.addAll(ALWAYS);
        Path runtime = runtime();
        // JDK 21 renamed the compression levels (2 is zip-6) and deprecated the old names.
        String compress = jdk.major() >= 21 ? "--compress=zip-6" : "--compress=2";
        ExternalTool.run(List.of(jdk.tool("jlink").toString(), "--add-modules", String.join(",", modules),
                "--strip-debug", "--no-man-pages", "--no-header-files", compress, "--output", runtime.toString()),
                out.resolve("jlink.log"), "jlink (" + jdk.home() + "; without jmods/ it links from a JDK's own "
                + "image, which Temurin 22+ can and Debian's openjdk-17-jdk-headless needs jmods/ for)");
        replaceLinksWithCopies(runtime);
        Files.writeString(out.resolve("modules.txt"), String.join("\n", modules) + "\n", StandardCharsets.UTF_8);
        Files.writeString(out.resolve("NOTICE"), Files.readString(plainNotice, StandardCharsets.UTF_8)
                + runtimeNotice(jdk, modules), StandardCharsets.UTF_8);
    }

    /**
     * jlink links each module's legal files to java.base's; a zip cannot hold links and the
     * archives hold none, so each becomes a copy of what it points to.
     */
    static void replaceLinksWithCopies(Path runtime) throws IOException {
        List<Path> links;
        try (var walk = Files.walk(runtime)) {
            links = walk.filter(Files::isSymbolicLink).sorted().toList();
        }
        for (Path link : links) {
            Path target = link.resolveSibling(Files.readSymbolicLink(link)).normalize();
            if (!target.startsWith(runtime) || !Files.isRegularFile(target)) {
                throw new BuildFailure("jlink made a link that does not lead to a file of the runtime: " + link);
            }
            Files.delete(link);
            Files.copy(target, link);
        }
    }

    /** {@code jdeps --print-module-deps} over every jar: the JDK modules their classes name. */
    static List<String> requiredModules(List<Path> jars) {
        List<String> arguments = new ArrayList<>(List.of("--print-module-deps", "--ignore-missing-deps",
                "--multi-release", "17"));
        jars.forEach(jar -> arguments.add(jar.toString()));
        String output = run("jdeps", arguments.toArray(String[]::new)).strip();
        String last = output.substring(output.lastIndexOf('\n') + 1).strip();
        if (!last.matches("[\\w.]+(,[\\w.]+)*")) {
            throw new BuildFailure("jdeps printed no module list: " + output);
        }
        return List.of(last.split(","));
    }

    private static String runtimeNotice(RuntimeJdk jdk, TreeSet<String> modules) {
        return "\n"
                + "Java runtime (androperator-VERSION-linux-x64 archives only)\n"
                + "-----------------------------------------------------------\n"
                + "runtime/ is a Java runtime image made with jlink from " + jdk.describe() + ",\n"
                + "holding the modules " + String.join(", ", modules) + " (and those they require).\n"
                + "License: GNU General Public License, version 2, with the Classpath Exception\n"
                + "(GPL-2.0-only WITH Classpath-exception-2.0); its license files and third-party notices are\n"
                + "in runtime/legal/.\n";
    }

    private static String run(String name, String... arguments) {
        ToolProvider tool = ToolProvider.findFirst(name).orElseThrow(() -> new BuildFailure(
                "this JDK (" + System.getProperty("java.home") + ") has no " + name + "; build with a full JDK 17+"));
        StringWriter output = new StringWriter();
        int status;
        try (PrintWriter writer = new PrintWriter(output)) {
            status = tool.run(writer, writer, arguments);
        }
        if (status != 0) {
            throw new BuildFailure(name + " exited " + status + ": " + output);
        }
        return output.toString();
    }
}
