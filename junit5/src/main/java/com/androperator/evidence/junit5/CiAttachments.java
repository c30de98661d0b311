package com.androperator.evidence.junit5;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A published bundle's files where CI reports show them: one {@code [[ATTACHMENT|/abs/path]]} line
 * per file on the test's standard output (Surefire puts it into the test case's system-out, which
 * Jenkins' JUnit Attachments plugin and GitLab read), and, when allure-java-commons is on the test
 * classpath (looked up at run time; no dependency), Allure attachments of the current test. The
 * files: manifest.json, the screenshots, hierarchies and clips at the bundle's top level (never
 * through a symbolic link), and the bundle's page beside it when one was written. Each channel can
 * be turned off with {@code off} in its configuration parameter or environment variable.
 */
final class CiAttachments {
    static final String LINES_PARAMETER = "androperator.evidence.attachments";
    static final String LINES_VARIABLE = "ANDROPERATOR_EVIDENCE_ATTACHMENTS";
    static final String ALLURE_PARAMETER = "androperator.evidence.allure";
    static final String ALLURE_VARIABLE = "ANDROPERATOR_EVIDENCE_ALLURE";
    private static final String ALLURE = "io.qameta.allure.Allure";
    private static final Map<String, String> MEDIA_TYPES = Map.of("json", "application/json", "png", "image/png",
            "xml", "application/xml", "mp4", "video/mp4", "html", "text/html");

    private CiAttachments() {
    }

    /** Announces the files of the bundle whose manifest is {@code manifestPath}; never throws. */
    static void publish(ExtensionContext context, Path manifestPath, PrintStream stdout, PrintStream stderr) {
        Function<String, Optional<String>> environment = name -> Optional.ofNullable(System.getenv(name));
        List<Path> files = files(manifestPath);
        if (enabled(context, LINES_PARAMETER, LINES_VARIABLE, environment)) {
            files.forEach(file -> stdout.println("[[ATTACHMENT|" + file + "]]"));
            stdout.flush();
        }
        if (enabled(context, ALLURE_PARAMETER, ALLURE_VARIABLE, environment)) {
            allure().ifPresent(add -> files.forEach(file -> attach(add, file, stderr)));
        }
    }

    /** On unless the parameter (else the variable) says {@code off}. */
    static boolean enabled(ExtensionContext context, String parameter, String variable,
                           Function<String, Optional<String>> environment) {
        Optional<String> value = context.getConfigurationParameter(parameter).or(() -> environment.apply(variable));
        return value.map(text -> !text.trim().equalsIgnoreCase("off")).orElse(true);
    }

    /** manifest.json first, then the bundle's media by name, then its page beside it. */
    static List<Path> files(Path manifestPath) {
        Path bundle = manifestPath.toAbsolutePath().getParent();
        List<Path> files = new ArrayList<>(List.of(manifestPath.toAbsolutePath()));
        List<Path> media = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(bundle,
                entry -> Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS) && isMedia(entry))) {
            entries.forEach(media::add);
        } catch (IOException e) {
            // The manifest alone is still worth attaching; it names the rest.
        }
        media.sort(null);
        files.addAll(media);
        Path page = bundle.resolveSibling(bundle.getFileName() + ".view.html");
        if (Files.isRegularFile(page, LinkOption.NOFOLLOW_LINKS)) {
            files.add(page);
        }
        return files;
    }

    private static boolean isMedia(Path entry) {
        String name = entry.getFileName().toString();
        return name.endsWith(".png") || name.endsWith(".xml") || name.endsWith(".mp4");
    }

    /** Allure.addAttachment(name, type, content, extension) when allure-java-commons can be loaded. */
    private static Optional<Method> allure() {
        try {
            ClassLoader loader = Optional.ofNullable(Thread.currentThread().getContextClassLoader())
                    .orElse(CiAttachments.class.getClassLoader());
            return Optional.of(Class.forName(ALLURE, true, loader)
                    .getMethod("addAttachment", String.class, String.class, InputStream.class, String.class));
        } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
            return Optional.empty();
        }
    }

    private static void attach(Method add, Path file, PrintStream stderr) {
        String name = file.getFileName().toString();
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        try (InputStream content = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            add.invoke(null, name, MEDIA_TYPES.getOrDefault(extension, "application/octet-stream"), content,
                    "." + extension);
        } catch (IOException | IllegalAccessException | InvocationTargetException | RuntimeException e) {
            stderr.println("[androperator-junit5] " + file + " not attached to Allure: " + e);
        }
    }
}
