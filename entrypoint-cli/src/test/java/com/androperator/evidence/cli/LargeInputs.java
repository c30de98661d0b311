package com.androperator.evidence.cli;

import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** Inputs at the contract's sizes, made without holding more than one copy of them. */
final class LargeInputs {
    static final int MIB = 1024 * 1024;

    private LargeInputs() {
    }

    /**
     * A valid 4096x5400 RGB PNG (about 66 MB of stored deflate blocks, 22 million pixels) padded
     * with a tEXt chunk to exactly {@code size} bytes: a screenshot the verifier must inflate to the
     * last row, at any size from about 63.3 MiB up.
     */
    static byte[] pngOfExactly(int size) {
        int width = 4096;
        int height = 5400;
        int stride = 1 + width * 3;
        byte[] raw = new byte[stride * height];
        for (int row = 0; row < height; row++) {
            for (int i = 1; i < stride; i++) {
                raw[row * stride + i] = (byte) (row * 31 + i * 7);
            }
        }
        Deflater deflater = new Deflater(Deflater.NO_COMPRESSION);
        deflater.setInput(raw);
        deflater.finish();
        ByteArrayOutputStream zlib = new ByteArrayOutputStream(raw.length + MIB);
        byte[] buffer = new byte[MIB];
        while (!deflater.finished()) {
            zlib.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        byte[] idat = zlib.toByteArray();
        ByteBuffer header = ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0);
        int fixed = 8 + (12 + 13) + (12 + idat.length) + 12;
        int paddingData = size - fixed - 12;
        if (paddingData < 8) {
            throw new IllegalArgumentException("a PNG of " + size + " bytes cannot hold this image");
        }
        byte[] text = new byte[paddingData];
        byte[] keyword = "Comment\0".getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(keyword, 0, text, 0, keyword.length);
        java.util.Arrays.fill(text, keyword.length, text.length, (byte) 'x');
        ByteArrayOutputStream png = new ByteArrayOutputStream(size);
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        chunk(png, "IHDR", header.array());
        chunk(png, "IDAT", idat);
        chunk(png, "tEXt", text);
        chunk(png, "IEND", new byte[0]);
        if (png.size() != size) {
            throw new IllegalStateException("built " + png.size() + " bytes, wanted " + size);
        }
        return png.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        png.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        png.writeBytes(typeBytes);
        png.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    /**
     * A uiautomator-style hierarchy of at least {@code minimumBytes} written to {@code file}: the
     * sample Settings tree's window repeated under one root (non-ASCII labels and escapes included),
     * written piece by piece.
     */
    static Path hierarchyFile(Path file, long minimumBytes) {
        String sample = HierarchyFixtures.settings(1_000_000, 1080, 2400);
        String root = "<hierarchy rotation=\"0\">";
        int start = sample.indexOf(root) + root.length();
        int end = sample.lastIndexOf("</hierarchy>");
        byte[] head = sample.substring(0, start).getBytes(StandardCharsets.UTF_8);
        byte[] window = sample.substring(start, end).getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(head);
            long written = head.length;
            while (written < minimumBytes) {
                out.write(window);
                written += window.length;
            }
            out.write("</hierarchy>".getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    static String sha256(Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
