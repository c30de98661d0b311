package com.androperator.evidence.conformance;

import com.androperator.evidence.conformance.content.PngFiles;
import java.io.ByteArrayOutputStream;

/** Encodes small, valid RGB PNGs for test bundles. */
final class TinyPng {
    private TinyPng() {
    }

    static byte[] rgb(int width, int height) {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int y = 0; y < height; y++) {
            raw.write(0); // filter: none
            for (int x = 0; x < width; x++) {
                raw.write(x * 40);
                raw.write(y * 40);
                raw.write(128);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(PngFiles.SIGNATURE);
        png.writeBytes(PngFiles.chunk("IHDR", PngFiles.ihdr(width, height, 8, 2, 0)));
        png.writeBytes(PngFiles.chunk("IDAT", PngFiles.zlib(raw.toByteArray())));
        png.writeBytes(PngFiles.chunk("IEND", new byte[0]));
        return png.toByteArray();
    }
}
