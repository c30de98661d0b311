package com.androperator.evidence.domain.model;

import java.util.Objects;

/**
 * The file a failed bundle write left behind under a {@code .partial.} name (created and then cut
 * short, e.g. by a full disk, or written but not renamed): its bundle-relative path, its byte count
 * and the sha256 of the bytes written to it. The caller lists such a file as a partial artifact, so
 * that no file in the bundle goes unlisted.
 */
public record RetainedFile(String path, long bytes, String sha256) {
    public RetainedFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(sha256, "sha256");
        if (path.isBlank() || bytes < 0) {
            throw new IllegalArgumentException("a retained file has a path and a byte count of at least 0");
        }
    }
}
