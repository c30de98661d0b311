package com.androperator.evidence.viewer;

import java.io.IOException;
import java.util.Locale;

/**
 * One manifest artifact compared with the bundle's bytes as the page is written: the file's size and
 * sha256 computed again against what the manifest records.
 *
 * @param entry         the artifact as the manifest has it
 * @param located       where its path leads (null when the manifest records no path)
 * @param actual        the file's size and hash now (null when it was not read)
 * @param verdict       the comparison
 * @param note          what the verdict means, in words
 */
record ArtifactCheck(JsonValue entry, BundleFiles.Located located, BundleFiles.Digest actual, Verdict verdict, String note) {

    enum Verdict {
        /** Size and sha256 are the manifest's. */
        MATCHES(false),
        /** The file differs from what the manifest records. */
        MISMATCH(true),
        /** The manifest names a file that is not there. */
        MISSING(true),
        /** The named file was not read (outside the bundle, a link, not a file, unreadable). */
        NOT_READ(true),
        /** The manifest records no file (a failed artifact). */
        NO_FILE(false);

        private final boolean integrityFailure;

        Verdict(boolean integrityFailure) {
            this.integrityFailure = integrityFailure;
        }

        boolean integrityFailure() {
            return integrityFailure;
        }

        String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    String path() {
        return entry.text("path").orElse(null);
    }

    String kind() {
        return entry.text("kind").orElse("");
    }

    String status() {
        return entry.text("status").orElse("");
    }

    /** The verified file to show, when the check found one (whatever the comparison said). */
    java.util.Optional<java.nio.file.Path> file() {
        return located instanceof BundleFiles.Located.Found found ? java.util.Optional.of(found.file())
                : java.util.Optional.empty();
    }

    static ArtifactCheck of(JsonValue entry, BundleFiles files) {
        if (entry.get("path").isEmpty() || entry.get("path").get() instanceof JsonValue.Null) {
            return new ArtifactCheck(entry, null, null, Verdict.NO_FILE, "no file recorded");
        }
        String path = entry.text("path").orElse(null);
        if (path == null) {
            return new ArtifactCheck(entry, null, null, Verdict.NOT_READ, "its path is not a string");
        }
        BundleFiles.Located located = files.locate(path);
        if (located instanceof BundleFiles.Located.Absent) {
            return new ArtifactCheck(entry, located, null, Verdict.MISSING, path + " is not in the bundle");
        }
        if (located instanceof BundleFiles.Located.Refused refused) {
            return new ArtifactCheck(entry, located, null, Verdict.NOT_READ, path + ": " + refused.reason());
        }
        BundleFiles.Located.Found found = (BundleFiles.Located.Found) located;
        BundleFiles.Digest digest;
        try {
            digest = BundleFiles.digest(found.file());
        } catch (IOException e) {
            return new ArtifactCheck(entry, new BundleFiles.Located.Refused("cannot be read: " + e.getMessage()), null,
                    Verdict.NOT_READ, path + " cannot be read: " + e.getMessage());
        }
        StringBuilder differences = new StringBuilder();
        String declaredBytes = entry.get("bytes").map(ArtifactCheck::shown).orElse("none");
        if (!declaredBytes.equals(Long.toString(digest.bytes()))) {
            differences.append("bytes: manifest ").append(declaredBytes).append(", file ").append(digest.bytes());
        }
        String declaredSha = entry.text("sha256").orElse(entry.get("sha256").map(ArtifactCheck::shown).orElse("none"));
        if (!declaredSha.equals(digest.sha256())) {
            if (differences.length() > 0) {
                differences.append("; ");
            }
            differences.append("sha256: manifest ").append(declaredSha).append(", file ").append(digest.sha256());
        }
        if (differences.length() > 0) {
            return new ArtifactCheck(entry, found, digest, Verdict.MISMATCH, path + " differs from the manifest (" + differences + ")");
        }
        return new ArtifactCheck(entry, found, digest, Verdict.MATCHES, "bytes and sha256 match");
    }

    private static String shown(JsonValue value) {
        if (value instanceof JsonValue.Num number) {
            return number.asLong().map(String::valueOf).orElse(number.text());
        }
        return value instanceof JsonValue.Str string ? string.value() : value.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }
}
