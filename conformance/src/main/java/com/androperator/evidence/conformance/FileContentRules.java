package com.androperator.evidence.conformance;

import com.androperator.evidence.conformance.content.ContentVerdict;
import com.androperator.evidence.conformance.content.PngCheck;
import com.androperator.evidence.conformance.content.Utf8Check;
import com.androperator.evidence.conformance.content.XmlCheck;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import tools.jackson.databind.JsonNode;

/**
 * Each listed file, read once as a stream: it exists as a regular file reached without links, its
 * byte count and sha256 match the listing, and a complete artifact's content is what its kind
 * promises ({@link BundleShape#contentOf}): a PNG ({@link PngCheck}) of the recorded geometry,
 * a hierarchy ({@link XmlCheck}), strict UTF-8 text ({@link Utf8Check}), a captures JSON object.
 *
 * <p>Memory per file is fixed whatever its size (a 64 KiB read buffer plus each check's own
 * fixed buffers), except captures.json, whose tree is kept for {@link CapturesRules}.
 */
final class FileContentRules implements BundleRule {
    private static final int READ_BUFFER_BYTES = 64 * 1024;

    @Override
    public void check(Verification v) {
        Manifest manifest = v.manifest;
        if (manifest == null) {
            return;
        }
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            String path = artifact.path();
            if (path == null || path.equals(BundleShape.MANIFEST) || v.facts.containsKey(path)) {
                continue;
            }
            Verification.FileFacts facts = read(v, artifact);
            if (facts != null) {
                v.facts.put(path, facts);
                judge(v, i, artifact, facts);
            }
            if (artifact.kind() == ArtifactKind.SCREENSHOT
                    && artifact.status() == ArtifactStatus.COMPLETE && artifact.image() == null && v.strict) {
                v.add("IMAGE_GEOMETRY", BundleShape.MANIFEST + "#/artifacts/" + i,
                        "a complete screenshot records image geometry from the verified PNG");
            }
        }
    }

    /** One pass: size, hash and (for a complete artifact) content; null after reporting why it cannot be read. */
    private static Verification.FileFacts read(Verification v, Artifact artifact) {
        String path = artifact.path();
        BundleFiles.Entry entry = v.files.entry(path);
        if (entry instanceof BundleFiles.Entry.Missing missing) {
            v.add("MISSING_FILE", path, path + " is listed but does not exist"
                    + (missing.at().equals(path) ? "" : " (there is no " + missing.at() + ")"));
            return null;
        }
        if (!(entry instanceof BundleFiles.Entry.RegularFile)) {
            v.add("NOT_REGULAR_FILE", path, path + " is listed but is not a regular file" + describe(entry, path));
            return null;
        }
        BundleShape.Content content = artifact.status() == ArtifactStatus.COMPLETE
                ? BundleShape.contentOf(artifact.kind()) : BundleShape.Content.NONE;
        try (Measured in = new Measured(v.files.open(path))) {
            ContentVerdict verdict = new ContentVerdict.Passed();
            JsonNode json = null;
            switch (content) {
                case PNG -> verdict = new PngCheck().check(in);
                case XML -> verdict = new XmlCheck().check(in);
                case UTF8_TEXT -> verdict = new Utf8Check().check(in);
                case CAPTURES_JSON -> {
                    JsonDocuments.Parsed parsed = JsonDocuments.readArray(in);
                    if (parsed instanceof JsonDocuments.Parsed.Document document) {
                        json = document.tree();
                    } else if (parsed instanceof JsonDocuments.Parsed.TooLarge tooLarge) {
                        v.add(ManifestRules.DOCUMENT_TOO_LARGE, path, path + " " + tooLarge.reason());
                    } else {
                        verdict = new ContentVerdict.Failed(path + " " + ((JsonDocuments.Parsed.Invalid) parsed).reason());
                    }
                }
                case NONE -> {
                    // size and hash only
                }
            }
            in.drain();
            return new Verification.FileFacts(in.count, HexFormat.of().formatHex(in.digest.digest()), verdict, json);
        } catch (IOException e) {
            v.add("UNREADABLE_FILE", path, path + " cannot be read: " + e.getMessage());
            return null;
        }
    }

    private static void judge(Verification v, int index, Artifact artifact, Verification.FileFacts facts) {
        String path = artifact.path();
        if (artifact.bytes() == null || facts.size() != artifact.bytes()) {
            v.add("SIZE_MISMATCH", path, path + " has " + facts.size() + " bytes; the manifest lists " + artifact.bytes());
        }
        if (!facts.sha256().equals(artifact.sha256())) {
            v.add("HASH_MISMATCH", path, path + " has sha256 " + facts.sha256() + "; the manifest lists "
                    + artifact.sha256());
        }
        ContentVerdict verdict = facts.content();
        if (verdict instanceof ContentVerdict.Failed failed) {
            switch (BundleShape.contentOf(artifact.kind())) {
                case PNG -> v.add("PNG_INVALID", path, "the complete screenshot is not a valid PNG: " + failed.reason());
                case XML -> v.add("XML_INVALID", path, "the complete hierarchy is not acceptable XML: " + failed.reason());
                case CAPTURES_JSON -> v.add("JSON_INVALID", path, failed.reason());
                case UTF8_TEXT -> v.add("TEXT_INVALID", path, "the complete text artifact is not strict UTF-8: "
                        + failed.reason());
                case NONE -> throw new IllegalStateException("no check ran for " + path);
            }
        }
        ImageGeometry image = artifact.image();
        if (verdict instanceof ContentVerdict.Image decoded && image != null
                && (decoded.width() != image.captureWidthPx() || decoded.height() != image.captureHeightPx())) {
            v.add("IMAGE_GEOMETRY", path, "the PNG is " + decoded.width() + "x" + decoded.height()
                    + " but the manifest records " + image.captureWidthPx() + "x" + image.captureHeightPx()
                    + " (artifact " + index + ")");
        }
    }

    /** " (a symbolic link ...)" and the like, for messages about an entry at {@code path} that is not a regular file. */
    static String describe(BundleFiles.Entry entry, String path) {
        if (entry instanceof BundleFiles.Entry.SymbolicLink link) {
            return link.at().equals(path) ? " (a symbolic link, which the verifier never follows)"
                    : " (its directory " + link.at() + " is a symbolic link, which the verifier never follows)";
        }
        if (entry instanceof BundleFiles.Entry.Other other) {
            return other.at().equals(path) ? " (a device, pipe or socket)"
                    : " (" + other.at() + " is not a directory)";
        }
        if (entry instanceof BundleFiles.Entry.Directory) {
            return " (a directory)";
        }
        if (entry instanceof BundleFiles.Entry.Unreadable unreadable) {
            return " (" + unreadable.at() + ": " + unreadable.reason() + ")";
        }
        return entry instanceof BundleFiles.Entry.Missing missing ? " (there is no " + missing.at() + ")" : "";
    }

    /** Hashes and counts every byte that passes, whoever reads it; {@link #drain} reads the rest. */
    private static final class Measured extends FilterInputStream {
        final MessageDigest digest = sha256();
        long count;

        Measured(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                digest.update((byte) b);
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int read = in.read(buffer, offset, length);
            if (read > 0) {
                digest.update(buffer, offset, read);
                count += read;
            }
            return read;
        }

        @Override
        public long skip(long n) throws IOException {
            byte[] discard = new byte[(int) Math.min(READ_BUFFER_BYTES, Math.max(1, n))];
            long skipped = 0;
            while (skipped < n) {
                int read = read(discard, 0, (int) Math.min(discard.length, n - skipped));
                if (read < 0) {
                    break;
                }
                skipped += read;
            }
            return skipped;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        void drain() throws IOException {
            byte[] buffer = new byte[READ_BUFFER_BYTES];
            while (read(buffer, 0, buffer.length) >= 0) {
                // counted and hashed by read
            }
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }
}
