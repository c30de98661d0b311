package com.androperator.evidence.simulator.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A file a profile names (screenshot PNG, hierarchy XML): on disk relative to the profile's
 * folder, inside a jar next to a classpath profile, or built in memory by a test.
 */
public sealed interface ProfileFile {

    /** The file's bytes; read at the moment a service needs them. */
    byte[] read();

    /** The name written into profile.json when the profile is saved. */
    String fileName();

    static ProfileFile onDisk(Path path) {
        return new OnDisk(path);
    }

    static ProfileFile inMemory(String fileName, byte[] bytes) {
        return new InMemory(fileName, bytes);
    }

    /** A classpath resource, read once on first use and then kept. */
    static ProfileFile classpath(String resource) {
        return new Classpath(resource);
    }

    /** A file on disk, read on every use so a test may replace it between captures. */
    record OnDisk(Path path) implements ProfileFile {
        public OnDisk {
            Objects.requireNonNull(path, "path");
        }

        @Override
        public byte[] read() {
            try {
                return Files.readAllBytes(path);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read profile file " + path, e);
            }
        }

        @Override
        public String fileName() {
            return path.getFileName().toString();
        }
    }

    /** Bytes held in memory. The array is copied in and out, so the content cannot change. */
    record InMemory(String fileName, byte[] bytes) implements ProfileFile {
        public InMemory {
            if (fileName == null || fileName.isBlank() || fileName.contains("/")) {
                throw new IllegalArgumentException("fileName must be a plain file name: " + fileName);
            }
            bytes = bytes.clone();
        }

        @Override
        public byte[] read() {
            return bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof InMemory that && fileName.equals(that.fileName)
                    && java.util.Arrays.equals(bytes, that.bytes);
        }

        @Override
        public int hashCode() {
            return 31 * fileName.hashCode() + java.util.Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "InMemory[" + fileName + ", " + bytes.length + " bytes]";
        }
    }

    /** A resource of this module's class loader, such as the sample profile's screenshot. */
    final class Classpath implements ProfileFile {
        private final String resource;
        private volatile byte[] cached;

        private Classpath(String resource) {
            this.resource = Objects.requireNonNull(resource, "resource");
        }

        public String resource() {
            return resource;
        }

        @Override
        public byte[] read() {
            byte[] bytes = cached;
            if (bytes == null) {
                try (InputStream in = ProfileFile.class.getClassLoader()
                        .getResourceAsStream(resource)) {
                    if (in == null) {
                        throw new UncheckedIOException(new IOException(
                                "classpath resource not found: " + resource));
                    }
                    bytes = in.readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read classpath resource " + resource, e);
                }
                cached = bytes;
            }
            return bytes.clone();
        }

        @Override
        public String fileName() {
            return resource.substring(resource.lastIndexOf('/') + 1);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Classpath that && resource.equals(that.resource);
        }

        @Override
        public int hashCode() {
            return resource.hashCode();
        }

        @Override
        public String toString() {
            return "Classpath[" + resource + "]";
        }
    }
}
