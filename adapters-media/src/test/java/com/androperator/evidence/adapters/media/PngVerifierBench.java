package com.androperator.evidence.adapters.media;

import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification.Verified;
import java.util.Locale;
import java.util.Random;

/**
 * Not a test: times {@link PngVerifier} on a phone-sized (1080x2400 RGBA, about 1 MB) PNG shaped
 * like a screenshot: flat panels, a gradient, and rows of high-contrast "text".
 *
 * <p>Run from the reactor root after {@code mvn -o -pl adapters-media -am install -DskipTests} and
 * {@code mvn -o -pl adapters-media test-compile}:
 *
 * <pre>{@code
 * java -cp adapters-media/target/test-classes:adapters-media/target/classes:\
 * $HOME/.m2/repository/com/androperator/evidence/domain/0.1.0/domain-0.1.0.jar \
 *     com.androperator.evidence.adapters.media.PngVerifierBench [iterations]
 * }</pre>
 *
 * <p>Inflating the 10 MB of scanlines dominates. Under the server compiler the verifier checks the
 * zlib stream's Adler-32 with {@link java.util.zip.Adler32}, about 2.5 ms faster than zlib's own
 * check in a bare {@link java.util.zip.Inflater} loop (docs/benchmarks.md, "Thirteenth pass").
 */
public final class PngVerifierBench {

    private static final int WIDTH = 1080;
    private static final int HEIGHT = 2400;
    private static final int WARM_UP_ITERATIONS = 100;

    private PngVerifierBench() {
    }

    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        // Up filtering throughout, as a simple encoder would choose for stacked UI rows.
        byte[] png = PngTestEncoder.png(PngTestEncoder.chunksOf(
                screenshotLikeImage(new Random(2400)), row -> 2, 64 * 1024, false));
        long rawBytes = (long) HEIGHT * (1 + WIDTH * 4);
        PngVerifier verifier = new PngVerifier();

        for (int i = 0; i < WARM_UP_ITERATIONS; i++) {
            check(verifier.verify(png));
        }
        long fastest = Long.MAX_VALUE;
        long start = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            long before = System.nanoTime();
            check(verifier.verify(png));
            fastest = Math.min(fastest, System.nanoTime() - before);
        }
        double meanMillis = (System.nanoTime() - start) / 1e6 / iterations;

        System.out.printf(Locale.ROOT, "PNG %dx%d RGBA: %d bytes compressed, %d bytes of scanlines%n",
                WIDTH, HEIGHT, png.length, rawBytes);
        System.out.printf(Locale.ROOT, "%d verifies: %.2f ms mean, %.2f ms fastest%n", iterations, meanMillis, fastest / 1e6);
        System.out.printf(Locale.ROOT, "throughput: %.1f MB/s of PNG, %.1f MB/s of inflated scanlines%n",
                png.length / 1e6 / (meanMillis / 1e3), rawBytes / 1e6 / (meanMillis / 1e3));
    }

    private static void check(ImageVerification verification) {
        if (!(verification instanceof Verified)) {
            throw new IllegalStateException("benchmark image did not verify: " + verification);
        }
    }

    private static RawImage screenshotLikeImage(Random random) {
        int[] samples = new int[WIDTH * HEIGHT * 4];
        for (int y = 0; y < HEIGHT; y++) {
            boolean textRow = y > 200 && (y / 48) % 2 == 0 && y % 48 < 30;
            for (int x = 0; x < WIDTH; x++) {
                int pixel = (y * WIDTH + x) * 4;
                if (y < 80) {
                    setOpaque(samples, pixel, 20, 20, 30); // status bar
                } else if (y < 200) {
                    setOpaque(samples, pixel, 40 + x * 100 / WIDTH, 90 + y / 4, 200); // gradient app bar
                } else if (textRow && x > 60 && x < 1000 && random.nextInt(2) == 0) {
                    int ink = random.nextInt(200);
                    setOpaque(samples, pixel, ink, ink, ink); // anti-aliased glyph noise
                } else {
                    setOpaque(samples, pixel, 250, 250, 250); // background
                }
            }
        }
        return new RawImage(WIDTH, HEIGHT, 6, 8, false, samples, new byte[0]);
    }

    private static void setOpaque(int[] samples, int pixel, int red, int green, int blue) {
        samples[pixel] = red;
        samples[pixel + 1] = green;
        samples[pixel + 2] = blue;
        samples[pixel + 3] = 255;
    }
}
