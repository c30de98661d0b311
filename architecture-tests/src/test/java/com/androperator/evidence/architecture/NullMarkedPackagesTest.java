package com.androperator.evidence.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Nullness is stated where NullAway checks it: every package of the contracts', the domain's and the
 * api's main sources has a package-info.java annotated {@code @NullMarked} (NullAway checks only marked
 * packages, so an unmarked one would silently go unchecked). The packages are listed exactly, so a
 * new package is a decision to mark, not an oversight. Read from the source tree, where a missing
 * package-info.java shows; the scanner itself is pinned on fixture texts.
 */
class NullMarkedPackagesTest {
    private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();
    private static final List<String> CHECKED_MODULES = List.of("contracts", "domain", "api");
    private static final String SOURCES = "src/main/java";
    /** The annotation before the package clause, by its simple name (imported) or its full name. */
    private static final Pattern MARKED = Pattern.compile(
            "@(org\\.jspecify\\.annotations\\.)?NullMarked\\s+package\\s");
    private static final Pattern IMPORTED = Pattern.compile("import\\s+org\\.jspecify\\.annotations\\.NullMarked\\s*;");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    @Test
    void theCheckedModulesHaveExactlyThesePackages() throws IOException {
        assertThat(packages()).containsExactly(
                "contracts: com.androperator.evidence.contracts",
                "domain: com.androperator.evidence.domain.budget",
                "domain: com.androperator.evidence.domain.capture",
                "domain: com.androperator.evidence.domain.model",
                "domain: com.androperator.evidence.domain.policy",
                "domain: com.androperator.evidence.domain.port",
                "domain: com.androperator.evidence.domain.port.prune",
                "domain: com.androperator.evidence.domain.port.video",
                "domain: com.androperator.evidence.domain.prune",
                "domain: com.androperator.evidence.domain.video",
                "domain: com.androperator.evidence.domain.video.model",
                "api: com.androperator.evidence.api",
                "api: com.androperator.evidence.api.video");
    }

    @Test
    void everyPackageOfTheCheckedModulesIsNullMarked() throws IOException {
        List<String> unmarked = packages().stream().filter(entry -> !isNullMarked(packageInfo(entry))).toList();
        assertThat(unmarked).as("packages without a @NullMarked package-info.java").isEmpty();
    }

    @Test
    void theScannerSeesOnlyAnAnnotatedPackageClause() {
        assertThat(isNullMarked("/** Values. */\n@NullMarked\npackage a.b;\n\nimport org.jspecify.annotations.NullMarked;\n"))
                .isTrue();
        assertThat(isNullMarked("@org.jspecify.annotations.NullMarked\npackage a.b;\n")).isTrue();
        assertThat(isNullMarked("/** Not yet @NullMarked. */\npackage a.b;\n")).isFalse();
        assertThat(isNullMarked("// @NullMarked\npackage a.b;\n\nimport org.jspecify.annotations.NullMarked;\n"))
                .isFalse();
        assertThat(isNullMarked("@NullMarked\npackage a.b;\n\nimport other.NullMarked;\n")).isFalse();
        assertThat(isNullMarked(null)).isFalse();
    }

    /** Each main package with sources, as {@code module: package}, in order. */
    private static List<String> packages() throws IOException {
        List<String> found = new ArrayList<>();
        for (String module : CHECKED_MODULES) {
            Path root = REPOSITORY.resolve(module).resolve(SOURCES);
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(file -> file.toString().endsWith(".java")).map(Path::getParent).distinct()
                        .map(directory -> module + ": " + root.relativize(directory).toString().replace('/', '.'))
                        .sorted().forEach(found::add);
            }
        }
        return found;
    }

    /** The text of the package-info.java of a {@code module: package} entry, or null when there is none. */
    private static String packageInfo(String entry) {
        String[] parts = entry.split(": ", 2);
        Path file = REPOSITORY.resolve(parts[0]).resolve(SOURCES).resolve(parts[1].replace('.', '/'))
                .resolve("package-info.java");
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isNullMarked(String packageInfo) {
        if (packageInfo == null) {
            return false;
        }
        String code = COMMENT.matcher(packageInfo).replaceAll(" ");
        Matcher marked = MARKED.matcher(code);
        return marked.find() && (marked.group(1) != null || IMPORTED.matcher(code).find());
    }
}
