package com.androperator.evidence.cli;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;

/**
 * A copy of the repository's {@code bin/} launcher in a scratch tree, next to a jar whose manifest
 * names this module's classes and runtime classpath, standing in for the shaded jar that is only
 * built after the tests.
 */
final class LauncherTree {
    private static final Path BIN = Path.of("").toAbsolutePath().getParent().resolve("bin");
    private static final List<String> SCRIPTS = List.of("androperator", "lib/launcher.sh", "lib/jvm-flags.sh", "lib/utf8-locale.sh",
            "lib/daemon.sh");

    private LauncherTree() {
    }

    /** Installs the launcher under {@code tree}; returns its bin/androperator. */
    static Path install(Path tree) throws IOException {
        Files.createDirectories(tree.resolve("bin/lib"));
        for (String script : SCRIPTS) {
            Files.copy(BIN.resolve(script), tree.resolve("bin").resolve(script));
        }
        tree.resolve("bin/androperator").toFile().setExecutable(true);
        Path target = Files.createDirectories(tree.resolve("entrypoint-cli/target"));
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH,
                Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                        .map(entry -> Path.of(entry).toAbsolutePath().toUri().toString())
                        .collect(Collectors.joining(" ")));
        try (OutputStream out = Files.newOutputStream(target.resolve("androperator.jar"));
             JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        return tree.resolve("bin/androperator");
    }

    /** The jar {@link #install} wrote under {@code tree}. */
    static Path jar(Path tree) {
        return tree.resolve("entrypoint-cli/target/androperator.jar");
    }

    /** {@code environment} with this JVM's bin/ first on PATH, where the launcher looks for java. */
    static Map<String, String> withThisJava(Map<String, String> environment) {
        environment.put("PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator
                + environment.getOrDefault("PATH", "/usr/bin:/bin"));
        return environment;
    }
}
