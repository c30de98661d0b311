package com.androperator.evidence.distribution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * One program the archives ship: a module's runnable jar (the one {@code target/androperator*.jar})
 * and the repository's launcher of the same name in {@code bin/}.
 */
record Tool(String name, String module, Path jar, Path launcher) {

    /** The tools of the given modules (the distribution's direct dependencies), in their order. */
    static List<Tool> find(Path repository, List<DependencyList.Artifact> modules) {
        if (modules.isEmpty()) {
            throw new BuildFailure("the distribution has no tool modules (its pom lists none)");
        }
        List<Tool> tools = new ArrayList<>();
        for (DependencyList.Artifact module : modules) {
            Path target = repository.resolve(module.artifactId()).resolve("target");
            List<Path> jars;
            try (Stream<Path> files = Files.list(target)) {
                jars = files.filter(file -> file.getFileName().toString().matches("androperator[\\w.-]*\\.jar"))
                        .sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + target + " (is " + module.artifactId()
                        + " built?)", e);
            }
            if (jars.size() != 1) {
                throw new BuildFailure(module.artifactId() + "/target must hold exactly one runnable jar named "
                        + "androperator*.jar; it holds " + jars);
            }
            String jarName = jars.get(0).getFileName().toString();
            String name = jarName.substring(0, jarName.length() - ".jar".length());
            Path launcher = repository.resolve("bin").resolve(name);
            if (!Files.isRegularFile(launcher) || !Files.isExecutable(launcher)) {
                throw new BuildFailure(module.artifactId() + " ships " + jarName + " but the repository has no "
                        + "executable launcher bin/" + name + " (copy bin/androperator-mcp and change its names)");
            }
            tools.add(new Tool(name, module.artifactId(), jars.get(0), launcher));
        }
        return List.copyOf(tools);
    }
}
