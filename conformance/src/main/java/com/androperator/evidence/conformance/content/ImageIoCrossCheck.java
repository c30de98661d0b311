package com.androperator.evidence.conformance.content;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * A second PNG decoder for images small enough to hold: the JDK's ImageIO PNG reader decodes every
 * pixel, and an image it refuses, or decodes to another size, is not complete. ImageIO does not
 * check CRCs and tolerates some damage, so it only ever adds a refusal to {@link PngCheck}'s walk.
 *
 * <p>"Small enough": at most {@value #MAX_FILE_BYTES} bytes of file and {@value #MAX_PIXELS}
 * pixels, so the copy and the decoded raster stay within about 40 MiB.
 */
final class ImageIoCrossCheck {
    static final int MAX_FILE_BYTES = 8 * 1024 * 1024;
    static final long MAX_PIXELS = 4L * 1024 * 1024;

    private ImageIoCrossCheck() {
    }

    static ContentVerdict confirm(ContentVerdict.Image image, Retaining retained) {
        byte[] bytes = retained.bytes();
        if (bytes == null || (long) image.width() * image.height() > MAX_PIXELS) {
            return image;
        }
        try (ImageInputStream stream = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("png");
            if (!readers.hasNext()) {
                return image;
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(stream, true, true);
                BufferedImage decoded = reader.read(0);
                if (decoded.getWidth() != image.width() || decoded.getHeight() != image.height()) {
                    return new ContentVerdict.Failed("the JDK's PNG decoder reads " + decoded.getWidth() + "x"
                            + decoded.getHeight() + " pixels where IHDR says " + image.width() + "x" + image.height());
                }
                return image;
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            return new ContentVerdict.Failed("the JDK's PNG decoder cannot decode it: " + e);
        }
    }

    /** Keeps a copy of what passes through while it stays within {@link #MAX_FILE_BYTES}. */
    static final class Retaining extends FilterInputStream {
        private ByteArrayOutputStream copy = new ByteArrayOutputStream();

        Retaining(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0 && keep(1)) {
                copy.write(b);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int count = in.read(buffer, offset, length);
            if (count > 0 && keep(count)) {
                copy.write(buffer, offset, count);
            }
            return count;
        }

        private boolean keep(int more) {
            if (copy != null && copy.size() + (long) more > MAX_FILE_BYTES) {
                copy = null;
            }
            return copy != null;
        }

        byte[] bytes() {
            return copy == null ? null : copy.toByteArray();
        }
    }
}
