package com.androperator.evidence.distribution;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** FILE.sha256 in the format of {@code sha256sum} ({@code "<hex>  <name>\n"}), so {@code sha256sum -c} checks it. */
public final class Checksums {
    private Checksums() {
    }

    static void writeBeside(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new BuildFailure("no archive at " + file);
        }
        String line = sha256(file) + "  " + file.getFileName() + "\n";
        Files.writeString(file.resolveSibling(file.getFileName() + ".sha256"), line, StandardCharsets.UTF_8);
    }

    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int read; (read = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, read);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
