package com.androperator.evidence.distribution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * The JDK the linux-x64 archive's runtime is linked from, chosen by {@code --runtime-jdk=}: a JDK's
 * directory, {@code build} for the build's own JDK, or {@code auto}: the environment's
 * {@code ANDROPERATOR_RUNTIME_JDK} when set, else Temurin 25 at its Debian path when it is installed,
 * else the build's JDK. A JDK 25 or newer runtime also gets ahead-of-time caches ({@link AotCaches}).
 *
 * @param home    the JDK's directory (bin/jlink, bin/java, release)
 * @param major   its feature version, from its release file
 * @param release the release file's text, for the NOTICE
 */
record RuntimeJdk(Path home, int major, Properties release) {
    static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    static final String ENVIRONMENT = "ANDROPERATOR_RUNTIME_JDK";
    /** The first feature version whose JVM takes -XX:AOTCache (JEP 483, with JEP 514's flags). */
    static final int AOT_CACHE_MAJOR = 25;

    static RuntimeJdk choose(String option, Map<String, String> environment) {
        Path build = Path.of(System.getProperty("java.home"));
        Path home = switch (option) {
            case "build" -> build;
            case "", "auto" -> {
                String named = environment.getOrDefault(ENVIRONMENT, "");
                if (!named.isEmpty()) {
                    yield Path.of(named);
                }
                yield Files.isExecutable(TEMURIN_25.resolve("bin/jlink")) ? TEMURIN_25 : build;
            }
            default -> Path.of(option);
        };
        return of(home.toAbsolutePath().normalize());
    }

    static RuntimeJdk of(Path home) {
        if (!Files.isExecutable(home.resolve("bin/jlink")) || !Files.isRegularFile(home.resolve("release"))) {
            throw new BuildFailure(home + " is not a JDK with bin/jlink and a release file: set --runtime-jdk "
                    + "(Maven: -Drelease.runtime.jdk=DIR, or build for the build's own JDK) or " + ENVIRONMENT);
        }
        Properties release = new Properties();
        try (var reader = Files.newBufferedReader(home.resolve("release"), StandardCharsets.UTF_8)) {
            release.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + home.resolve("release"), e);
        }
        String version = value(release, "JAVA_VERSION");
        int major = Integer.parseInt(version.replaceFirst("^1\\.", "").replaceFirst("[^0-9].*$", ""));
        if (major < 17) {
            throw new BuildFailure(home + " is Java " + version + "; the runtime needs Java 17 or newer");
        }
        return new RuntimeJdk(home, major, release);
    }

    boolean makesAotCaches() {
        return major >= AOT_CACHE_MAJOR;
    }

    Path tool(String name) {
        return home.resolve("bin").resolve(name);
    }

    /** "Eclipse Adoptium OpenJDK 25.0.3+9-LTS": who built it and which build, as the NOTICE names it. */
    String describe() {
        String implementor = value(release, "IMPLEMENTOR");
        String build = value(release, "JAVA_RUNTIME_VERSION");
        return (implementor.isEmpty() ? "" : implementor + " ") + "OpenJDK "
                + (build.isEmpty() ? value(release, "JAVA_VERSION") : build);
    }

    static String value(Properties release, String key) {
        return release.getProperty(key, "").replace("\"", "").strip();
    }
}
