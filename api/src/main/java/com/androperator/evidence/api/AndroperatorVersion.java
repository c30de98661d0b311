package com.androperator.evidence.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The tool version: what {@code --version} prints and what manifests record as {@code device.cliVersion}. */
public final class AndroperatorVersion {
    private static final String RESOURCE = "version.properties";
    private static final String VERSION = load();

    private AndroperatorVersion() {
    }

    public static String current() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = AndroperatorVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the api module's resources");
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version", "");
            if (version.isBlank() || version.startsWith("${")) {
                throw new IllegalStateException(RESOURCE + " was not filtered with the Maven project version");
            }
            return version;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
