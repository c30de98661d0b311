package com.androperator.evidence.viewer;

import com.androperator.evidence.conformance.BundleFileOpen;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Iterator;
import java.util.Optional;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * A small PNG of a screenshot for the run page, as a data: URI. The source's size is read from its
 * header first, so that a huge or hostile image is never decoded: over {@link #MAX_SOURCE_PIXELS}
 * or {@link #MAX_SOURCE_BYTES} there is no thumbnail (the bundle's own page still has the image).
 */
final class Thumbnail {
    static final int WIDTH = 160;
    static final long MAX_SOURCE_PIXELS = 40_000_000L;
    static final long MAX_SOURCE_BYTES = 32L * 1024 * 1024;
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private Thumbnail() {
    }

    /** The thumbnail's data: URI, or empty when the file is not a PNG within the bounds or cannot be decoded. */
    static Optional<String> dataUri(Path png, long bytes) {
        if (bytes > MAX_SOURCE_BYTES || !withinBounds(png)) {
            return Optional.empty();
        }
        try (InputStream in = BundleFileOpen.open(png); ImageInputStream input = new MemoryCacheImageInputStream(in)) {
            BufferedImage source = subsampled(input);
            if (source == null) {
                return Optional.empty();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(scaled(source), "png", out);
            return Optional.of("data:image/png;base64," + Base64.getEncoder().encodeToString(out.toByteArray()));
        } catch (IOException | RuntimeException e) {
            // A damaged image is shown as "no thumbnail"; its own page says what is wrong with it.
            return Optional.empty();
        }
    }

    /** The IHDR's width and height (bytes 16-23 of a PNG), checked before anything is decoded. */
    private static boolean withinBounds(Path png) {
        try {
            byte[] head = BundleFiles.head(png, 24);
            if (head.length < 24 || !java.util.Arrays.equals(head, 0, 8, PNG_SIGNATURE, 0, 8)) {
                return false;
            }
            long width = Integer.toUnsignedLong(ByteBuffer.wrap(head, 16, 4).getInt());
            long height = Integer.toUnsignedLong(ByteBuffer.wrap(head, 20, 4).getInt());
            return width > 0 && height > 0 && width * height <= MAX_SOURCE_PIXELS;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The image decoded with every n-th column and row only, n chosen so that at least twice the
     * thumbnail's width is kept: a 40-million-pixel screen costs a thumbnail's memory, not 160 MB.
     * The PNG's bytes (at most {@link #MAX_SOURCE_BYTES}) are cached in memory, never in a temporary file.
     */
    private static BufferedImage subsampled(ImageInputStream input) throws IOException {
        Iterator<ImageReader> readers = ImageIO.getImageReaders(input);
        if (!readers.hasNext()) {
            return null;
        }
        ImageReader reader = readers.next();
        try {
            reader.setInput(input, true, true);
            int step = Math.max(1, reader.getWidth(0) / (2 * WIDTH));
            ImageReadParam param = reader.getDefaultReadParam();
            param.setSourceSubsampling(step, step, 0, 0);
            return reader.read(0, param);
        } finally {
            reader.dispose();
        }
    }

    private static BufferedImage scaled(BufferedImage source) {
        int width = Math.min(WIDTH, source.getWidth());
        int height = Math.max(1, (int) Math.round((double) source.getHeight() * width / source.getWidth()));
        BufferedImage small = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = small.createGraphics();
        try {
            graphics.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            graphics.drawImage(source, 0, 0, width, height, null);
        } finally {
            graphics.dispose();
        }
        return small;
    }
}
