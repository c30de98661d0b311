package com.androperator.evidence.distribution;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The build steps of the release archives, run by exec-maven-plugin with the build's JDK:
 * <ul>
 *   <li>{@code stage --repository=DIR --modules=FILE --version=V --training=DIR --notice=DIR --work=DIR
 *       --out=DIR --runtime-out=DIR [--runtime-jdk=auto|build|DIR] [--timestamp=ISO-INSTANT]}: lays out the archive's tree
 *       ({@link Staging}), trains each tool's class list ({@link ClassListTraining}), makes the linux-x64
 *       runtime ({@link RuntimeImage}) from the JDK {@link RuntimeJdk} chooses and, when that is a
 *       JDK 25 or newer, the runtime's ahead-of-time caches ({@link AotCaches});</li>
 *   <li>{@code runtime --release=DIR --runtime-out=DIR [--runtime-jdk=...]}: another linux-x64 runtime for
 *       the staged tree DIR (the release test's JDK 17 kind);</li>
 *   <li>{@code checksums FILE...}: writes FILE.sha256 beside each file ({@link Checksums}).</li>
 * </ul>
 * A failure prints what went wrong and exits 1, which fails the build.
 */
public final class DistributionBuild {
    private DistributionBuild() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            throw usage();
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        try {
            switch (args[0]) {
                case "stage" -> stage(options(rest));
                case "runtime" -> runtime(options(rest));
                case "checksums" -> {
                    for (String file : rest) {
                        Checksums.writeBeside(Path.of(file));
                    }
                }
                default -> throw usage();
            }
        } catch (BuildFailure failure) {
            System.err.println("distribution: " + failure.getMessage());
            System.exit(1);
        }
    }

    private static void stage(Map<String, String> options) throws Exception {
        Path repository = path(options, "repository");
        Path work = path(options, "work");
        Staging staging = new Staging(repository, path(options, "out"), required(options, "version"));
        List<Tool> tools = Tool.find(repository, DependencyList.read(path(options, "modules")));
        staging.layOut(tools, path(options, "notice"));
        ClassListTraining training = new ClassListTraining(path(options, "training"), work);
        for (Tool tool : tools) {
            training.train(tool, staging.jar(tool)).ifPresent(list -> staging.addClassList(tool, list));
        }
        staging.writeCompletion(work);
        RuntimeJdk jdk = RuntimeJdk.choose(options.getOrDefault("runtime-jdk", "auto"), System.getenv());
        Path runtimeOut = path(options, "runtime-out");
        RuntimeImage image = new RuntimeImage(runtimeOut);
        image.build(jdk, staging.jars(tools), staging.notice());
        System.out.println("distribution: linux-x64 runtime linked from " + jdk.home() + " (Java " + jdk.major() + ")");
        Tool cli = tools.stream().filter(tool -> tool.name().equals(AotCaches.TOOL)).findFirst().orElse(null);
        Tool server = tools.stream().filter(tool -> tool.name().equals(AotCaches.SERVER)).findFirst().orElse(null);
        if (jdk.makesAotCaches() && cli != null && server != null) {
            // The archive gives every file the build's output timestamp, and the JVM checks the jar's time
            // against the cache's record of it: the staged jars take that time before their training.
            String timestamp = options.getOrDefault("timestamp", "");
            if (!timestamp.isEmpty()) {
                for (Tool tool : List.of(cli, server)) {
                    Files.setLastModifiedTime(staging.jar(tool), FileTime.from(Instant.parse(timestamp)));
                }
            }
            new AotCaches(path(options, "training"), work).make(jdk, image.runtime(), runtimeOut.resolve("lib"),
                    cli, server, staging);
        } else {
            AotCaches.forget(work);
        }
    }

    /**
     * A second linux-x64 runtime from the already staged tree (its jars and NOTICE), for the release
     * test's other kind: the build's JDK 17 when the archive's runtime is a JDK 25, without AOT caches.
     */
    private static void runtime(Map<String, String> options) throws Exception {
        Path release = path(options, "release");
        List<Path> jars;
        try (var files = Files.list(release.resolve("lib"))) {
            jars = files.filter(file -> file.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
        RuntimeJdk jdk = RuntimeJdk.choose(options.getOrDefault("runtime-jdk", "build"), System.getenv());
        new RuntimeImage(path(options, "runtime-out")).build(jdk, jars, release.resolve("NOTICE"));
    }

    private static Map<String, String> options(List<String> arguments) {
        Map<String, String> options = new HashMap<>();
        for (String argument : arguments) {
            int equals = argument.indexOf('=');
            if (!argument.startsWith("--") || equals < 0) {
                throw usage();
            }
            options.put(argument.substring(2, equals), argument.substring(equals + 1));
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null || value.isEmpty()) {
            throw new BuildFailure("--" + name + "=... is missing");
        }
        return value;
    }

    private static Path path(Map<String, String> options, String name) {
        return Path.of(required(options, name)).toAbsolutePath().normalize();
    }

    private static BuildFailure usage() {
        return new BuildFailure("usage: DistributionBuild stage --repository=DIR --modules=FILE --version=V "
                + "--training=DIR --notice=DIR --work=DIR --out=DIR --runtime-out=DIR [--runtime-jdk=auto|build|DIR] [--timestamp=ISO-INSTANT]"
                + " | runtime --release=DIR --runtime-out=DIR [--runtime-jdk=auto|build|DIR] | checksums FILE...");
    }
}
