package com.androperator.evidence.conformance;

import com.androperator.evidence.conformance.content.PngFiles;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ImageGeometry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;

/**
 * Bundles built to fool a verifier, each with the problem it must report: content that only
 * streaming can check (a 2 GiB non-PNG listed complete with its true hash, large PNGs, a huge XML),
 * invalid UTF-8, symbolic links, ECMA-262 blanks. Used through the API here and through
 * {@code androperator evidence verify} as a child process by the CLI's tests.
 */
public final class HostileBundles {
    /** Large screenshots: 5600 x 5600 = 31.36 million pixels, just under the 32 million limit. */
    public static final int LARGE_SIDE = 5600;
    public static final long TWO_GIB = 2L * 1024 * 1024 * 1024;

    /** A built bundle and the one problem (code and file) that proves it was caught; null code: must conform. */
    public record Built(String name, Path dir, String code, String file) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** How to build one: given a fresh directory to create, builds the bundle there. */
    public record Recipe(String name, Function<Path, Built> build) {
        @Override
        public String toString() {
            return name;
        }
    }

    private HostileBundles() {
    }

    /** Every hostile bundle except the 2 GiB one (built alone: it takes seconds to hash). */
    public static List<Recipe> recipes() {
        return List.of(
                new Recipe("a large valid PNG", HostileBundles::largeValidPng),
                new Recipe("a large PNG cut in its last row", d -> largePng(d, PngFiles.Damage.CUT_IN_LAST_ROW)),
                new Recipe("a large PNG with a corrupt CRC in a middle chunk",
                        d -> largePng(d, PngFiles.Damage.CRC_OF_MIDDLE_CHUNK)),
                new Recipe("a huge XML ill-formed at its end", HostileBundles::hugeXmlIllFormedAtEnd),
                new Recipe("invalid UTF-8 inside a text artifact", HostileBundles::invalidUtf8InText),
                new Recipe("invalid UTF-8 inside the hierarchy", HostileBundles::invalidUtf8InHierarchy),
                new Recipe("a symlinked directory inside the bundle", HostileBundles::symlinkedDirectory),
                new Recipe("a symlinked artifact file", HostileBundles::symlinkedArtifact),
                new Recipe("a symlink pointing outside the bundle (to a FIFO)", HostileBundles::symlinkToOutsideFifo),
                new Recipe("a lone U+00A0 device serial", d -> blankField(d, "\"serial\" : \"emulator-5554\"",
                        "\"serial\" : \"\\u00a0\"", "manifest.json#/device/serial")),
                new Recipe("a lone U+3000 mimeType", d -> blankField(d, "\"mimeType\" : \"image/png\"",
                        "\"mimeType\" : \"\\u3000\"", "manifest.json#/artifacts/0/mimeType")));
    }

    /** A still bundle whose complete screenshot.png is 2 GiB (sparse) of not-PNG, listed with its true size and sha256. */
    public static Built twoGibNotPng(Path dir) {
        TestBundle bundle = TestBundle.stillComplete(dir);
        Path file = dir.resolve("screenshot.png");
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(0);
            sparse.write("this is not a PNG".getBytes(StandardCharsets.US_ASCII));
            sparse.setLength(TWO_GIB);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        relist(bundle, ArtifactKind.SCREENSHOT, file, TestBundle.WIDTH, TestBundle.HEIGHT);
        return new Built("a 2 GiB sparse non-PNG listed complete", dir, "PNG_INVALID", "screenshot.png");
    }

    static Built largeValidPng(Path dir) {
        TestBundle bundle = TestBundle.stillComplete(dir);
        Path file = dir.resolve("screenshot.png");
        PngFiles.writeLarge(file, LARGE_SIDE, LARGE_SIDE, 1 << 20, 7, PngFiles.Damage.NONE);
        relist(bundle, ArtifactKind.SCREENSHOT, file, LARGE_SIDE, LARGE_SIDE);
        return new Built("a large valid PNG", dir, null, null);
    }

    static Built largePng(Path dir, PngFiles.Damage damage) {
        TestBundle bundle = TestBundle.stillComplete(dir);
        Path file = dir.resolve("screenshot.png");
        PngFiles.writeLarge(file, LARGE_SIDE, LARGE_SIDE, 1 << 20, 7, damage);
        relist(bundle, ArtifactKind.SCREENSHOT, file, LARGE_SIDE, LARGE_SIDE);
        return new Built("a large PNG: " + damage, dir, "PNG_INVALID", "screenshot.png");
    }

    /** About 200 MB of nodes whose last end tag is cut; listed complete with its true hash. */
    static Built hugeXmlIllFormedAtEnd(Path dir) {
        TestBundle bundle = TestBundle.stillComplete(dir);
        Path file = dir.resolve("hierarchy.xml");
        byte[] node = "<node index=\"0\" text=\"Wi\u2011Fi \u00e9t\u00e9\" class=\"android.widget.TextView\" bounds=\"[0,0][1080,2400]\"/>\n"
                .getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
                    .getBytes(StandardCharsets.UTF_8));
            byte[] block = new byte[node.length * 4096];
            for (int i = 0; i < 4096; i++) {
                System.arraycopy(node, 0, block, i * node.length, node.length);
            }
            for (long written = 0; written < 200_000_000L; written += block.length) {
                out.write(block);
            }
            out.write("</hierarch".getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        relist(bundle, ArtifactKind.HIERARCHY, file, 0, 0);
        return new Built("a huge XML ill-formed at its end", dir, "XML_INVALID", "hierarchy.xml");
    }

    static Built invalidUtf8InText(Path dir) {
        TestBundle bundle = TestBundle.videoComplete(dir);
        Path file = dir.resolve("encoder.stderr.txt");
        bundle.overwrite("encoder.stderr.txt", new byte[] {'o', 'k', ' ', (byte) 0xC3, 0x28, '\n'});
        relist(bundle, ArtifactKind.ENCODER_STDERR, file, 0, 0);
        return new Built("invalid UTF-8 inside a text artifact", dir, "TEXT_INVALID", "encoder.stderr.txt");
    }

    static Built invalidUtf8InHierarchy(Path dir) {
        TestBundle bundle = TestBundle.stillComplete(dir);
        byte[] xml = bundle.read("hierarchy.xml");
        int at = new String(xml, StandardCharsets.ISO_8859_1).indexOf("text=\"") + 6;
        xml[at] = (byte) 0xED; // with the next two bytes: never a valid sequence start before "Wi"
        xml[at + 1] = (byte) 0xA0;
        xml[at + 2] = (byte) 0x80;
        bundle.overwrite("hierarchy.xml", xml);
        relist(bundle, ArtifactKind.HIERARCHY, dir.resolve("hierarchy.xml"), 0, 0);
        return new Built("invalid UTF-8 inside the hierarchy", dir, "XML_INVALID", "hierarchy.xml");
    }

    /**
     * The hierarchy listed as nested/hierarchy.xml, where nested is a symbolic link to a directory
     * outside the bundle that holds exactly the listed bytes: only reading through the link would pass.
     */
    static Built symlinkedDirectory(Path dir) {
        TestBundle bundle = TestBundle.stillComplete(dir);
        Path outside = outsideDirectory(dir);
        move(dir.resolve("hierarchy.xml"), outside.resolve("hierarchy.xml"));
        link(dir.resolve("nested"), outside);
        bundle.replaceArtifact(ArtifactKind.HIERARCHY, a -> new Artifact(a.kind(), "nested/hierarchy.xml", a.mimeType(),
                a.status(), a.bytes(), a.sha256(), a.startedAt(), a.finishedAt(), a.durationMs(), a.commandId(),
                a.taskId(), a.image(), a.error()));
        return new Built("a symlinked directory inside the bundle", dir, "NOT_REGULAR_FILE", "nested/hierarchy.xml");
    }

    /** hierarchy.xml is a symbolic link to a byte-identical file outside the bundle. */
    static Built symlinkedArtifact(Path dir) {
        TestBundle.stillComplete(dir);
        Path outside = outsideDirectory(dir);
        move(dir.resolve("hierarchy.xml"), outside.resolve("hierarchy.xml"));
        link(dir.resolve("hierarchy.xml"), outside.resolve("hierarchy.xml"));
        return new Built("a symlinked artifact file", dir, "NOT_REGULAR_FILE", "hierarchy.xml");
    }

    /** screenshot.png links to a FIFO outside the bundle: a verifier that opened it would wait forever. */
    static Built symlinkToOutsideFifo(Path dir) {
        TestBundle.stillComplete(dir);
        Path fifo = outsideDirectory(dir).resolve("screenshot.fifo");
        try {
            Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
            if (mkfifo.waitFor() != 0) {
                throw new IllegalStateException("mkfifo failed");
            }
            Files.delete(dir.resolve("screenshot.png"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        link(dir.resolve("screenshot.png"), fifo);
        return new Built("a symlink pointing outside the bundle", dir, "NOT_REGULAR_FILE", "screenshot.png");
    }

    /** Replaces one non-blank field of the manifest with an ECMA-262 blank one (JSON-escaped). */
    static Built blankField(Path dir, String field, String blank, String pointer) {
        TestBundle bundle = TestBundle.stillComplete(dir);
        String manifest = new String(bundle.read("manifest.json"), StandardCharsets.UTF_8);
        if (!manifest.contains(field)) {
            throw new IllegalStateException("no " + field + " in the manifest");
        }
        bundle.overwrite("manifest.json", manifest.replaceFirst(java.util.regex.Pattern.quote(field),
                java.util.regex.Matcher.quoteReplacement(blank)).getBytes(StandardCharsets.UTF_8));
        return new Built("blank " + pointer, dir, "SCHEMA", pointer);
    }

    private static Path outsideDirectory(Path dir) {
        try {
            Path outside = Files.createTempDirectory(dir.getParent(), "outside-");
            Files.setPosixFilePermissions(outside, PosixFilePermissions.fromString("rwx------"));
            return outside;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void link(Path link, Path target) {
        try {
            Files.createSymbolicLink(link, target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lists {@code file} as it is on disk, hashed as a stream; a screenshot also gets its geometry. */
    private static void relist(TestBundle bundle, ArtifactKind kind, Path file, int width, int height) {
        long size;
        String sha256;
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 20];
            size = 0;
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
                size += read;
            }
            sha256 = HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long bytes = size;
        bundle.replaceArtifact(kind, a -> new Artifact(a.kind(), a.path(), a.mimeType(), a.status(), bytes, sha256,
                a.startedAt(), a.finishedAt(), a.durationMs(), a.commandId(), a.taskId(),
                kind == ArtifactKind.SCREENSHOT ? ImageGeometry.ofPixels(width, height) : a.image(),
                a.error()));
    }
}
