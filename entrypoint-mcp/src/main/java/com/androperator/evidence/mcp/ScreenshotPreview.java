package com.androperator.evidence.mcp;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * A verified screenshot scaled for a model: its long edge fitted to {@code maxEdge}, encoded as PNG,
 * or as JPEG when the PNG would be over {@value #MAX_ENCODED_BYTES} bytes (so the base64 image and
 * the rest of the result stay under 1 MB). The PNG is decoded with source subsampling, so a huge
 * screenshot costs memory for about the preview's pixels, never the whole image's.
 *
 * @param encoded     the image file
 * @param mimeType    image/png or image/jpeg
 * @param width       the preview's width in pixels
 * @param height      the preview's height in pixels
 * @param sourceWidth the screenshot's width as decoded
 * @param sourceHeight the screenshot's height as decoded
 */
record ScreenshotPreview(byte[] encoded, String mimeType, int width, int height, int sourceWidth, int sourceHeight) {
    static final int DEFAULT_MAX_EDGE = 1024;
    static final int MAX_MAX_EDGE = 1568;
    static final int MIN_MAX_EDGE = 64;
    static final int MAX_ENCODED_BYTES = 500_000;
    private static final float[] JPEG_QUALITIES = {0.85f, 0.7f, 0.5f};

    ScreenshotPreview {
        if (encoded == null || encoded.length == 0 || width < 1 || height < 1 || sourceWidth < 1 || sourceHeight < 1
                || !(mimeType.equals("image/png") || mimeType.equals("image/jpeg"))) {
            throw new IllegalArgumentException("a preview is a non-empty PNG or JPEG of positive size");
        }
    }

    /** The PNG in {@code png} (read from where it is, never copied; the caller closes the channel). */
    static ScreenshotPreview of(SeekableByteChannel png, int maxEdge) throws IOException {
        try (ImageInputStream input = new ChannelImageInput(png)) {
            Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("png");
            ImageReader reader = readers.next();
            try {
                reader.setInput(input, true, true);
                int width = reader.getWidth(0);
                int height = reader.getHeight(0);
                int step = Math.max(1, Math.max(width, height) / maxEdge);
                ImageReadParam param = reader.getDefaultReadParam();
                param.setSourceSubsampling(step, step, 0, 0);
                BufferedImage decoded = reader.read(0, param);
                return encode(fitted(decoded, maxEdge), width, height);
            } finally {
                reader.dispose();
            }
        }
    }

    private static BufferedImage fitted(BufferedImage image, int maxEdge) {
        double factor = Math.min(1.0, (double) maxEdge / Math.max(image.getWidth(), image.getHeight()));
        int width = Math.max(1, (int) Math.round(image.getWidth() * factor));
        int height = Math.max(1, (int) Math.round(image.getHeight() * factor));
        BufferedImage fitted = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = fitted.createGraphics();
        try {
            graphics.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            graphics.drawImage(image, 0, 0, width, height, null);
        } finally {
            graphics.dispose();
        }
        return fitted;
    }

    private static ScreenshotPreview encode(BufferedImage image, int sourceWidth, int sourceHeight) throws IOException {
        byte[] png = encoded(image, "png", null);
        if (png.length <= MAX_ENCODED_BYTES) {
            return new ScreenshotPreview(png, "image/png", image.getWidth(), image.getHeight(), sourceWidth,
                    sourceHeight);
        }
        for (float quality : JPEG_QUALITIES) {
            byte[] jpeg = encoded(image, "jpeg", quality);
            if (jpeg.length <= MAX_ENCODED_BYTES) {
                return new ScreenshotPreview(jpeg, "image/jpeg", image.getWidth(), image.getHeight(), sourceWidth,
                        sourceHeight);
            }
        }
        // Noise that no JPEG quality brings under the cap: half the size, which quarters the bytes.
        return encode(fitted(image, Math.max(image.getWidth(), image.getHeight()) / 2), sourceWidth, sourceHeight);
    }

    /** The image as {@code format}, at {@code quality} when given; in memory only (ImageIO's file cache is not used). */
    private static byte[] encoded(BufferedImage image, String format, Float quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName(format).next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ImageOutputStream output = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(output);
            ImageWriteParam param = writer.getDefaultWriteParam();
            if (quality != null) {
                param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                param.setCompressionQuality(quality);
            }
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
