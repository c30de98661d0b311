package com.androperator.evidence.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CauseCodes;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One errno table: every errno word a storage failure carries is a constant of {@link CauseCodes},
 * and no main source spells one as a string literal. ArchUnit cannot see this rule (javac inlines
 * constant strings), so the sources are read; the scanner itself is pinned on a fixture text.
 */
class OneErrnoTableTest {
    private static final Path REPOSITORY = Path.of("").toAbsolutePath().getParent();
    private static final String TABLE = "contracts/src/main/java/com/androperator/evidence/contracts/CauseCodes.java";

    @Test
    void noMainSourceSpellsAnErrnoOutsideTheTable() throws IOException {
        List<String> literals = new ArrayList<>();
        try (Stream<Path> sources = Files.walk(REPOSITORY)) {
            for (Path source : sources.filter(OneErrnoTableTest::isMainJava).sorted().toList()) {
                String relative = REPOSITORY.relativize(source).toString();
                if (!relative.equals(TABLE)) {
                    literals.addAll(errnoLiterals(relative, Files.readString(source, StandardCharsets.UTF_8)));
                }
            }
        }
        assertThat(literals).as("errno words spelled outside CauseCodes").isEmpty();
    }

    @Test
    void theScannerNamesEachLiteralWithItsLine() {
        String fixture = """
                class Storage {
                    String a = "ENOENT";
                    String b = CauseCodes.EACCES;
                    String c = "ENOENTS" + "EVIDENCE_STORAGE_UNWRITABLE";
                    String d = "EBADMSG"; String e = "ETERMINAL";
                }
                """;
        assertThat(errnoLiterals("fixture/Storage.java", fixture)).containsExactly(
                "fixture/Storage.java:2 \"ENOENT\"",
                "fixture/Storage.java:5 \"EBADMSG\"",
                "fixture/Storage.java:5 \"ETERMINAL\"");
    }

    @Test
    void theTableHasTheCodesTheAdaptersNeed() {
        assertThat(errnoWords()).contains("ENOTEMPTY", "EINVAL", "EBADMSG", "ETERMINAL", "ENOSPC", "EIO");
    }

    private static List<String> errnoLiterals(String name, String text) {
        Set<String> words = errnoWords();
        List<String> found = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        Pattern literal = Pattern.compile("\"(E[A-Z]+)\"");
        for (int i = 0; i < lines.length; i++) {
            Matcher matcher = literal.matcher(lines[i]);
            while (matcher.find()) {
                if (words.contains(matcher.group(1))) {
                    found.add(name + ":" + (i + 1) + " " + matcher.group());
                }
            }
        }
        return found;
    }

    private static Set<String> errnoWords() {
        Set<String> words = new TreeSet<>();
        for (Field field : CauseCodes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                try {
                    words.add((String) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return words;
    }

    private static boolean isMainJava(Path path) {
        String text = path.toString().replace('\\', '/');
        return text.endsWith(".java") && text.contains("/src/main/java/") && !text.contains("/target/");
    }
}
