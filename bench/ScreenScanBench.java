import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import javax.imageio.ImageIO;

/**
 * What the verifier's single-colour scan costs on the benchmark's screen size: the PNG check of an
 * all-black 1080x2400 RGBA screen (the scan compares every byte) against the same screen with its
 * second pixel white (the scan stops at once). Both inflate the same rows with every CRC, so the
 * difference of their medians is the scan. Prints figures; asserts nothing.
 */
final class ScreenScanBench {
    private static final int WIDTH = 1080;
    private static final int HEIGHT = 2400;
    private static final int WARMUP = 50;
    private static final int RUNS = 200;

    public static void main(String[] args) throws Exception {
        byte[] black = png(false);
        byte[] varied = png(true);
        PngVerifier verifier = new PngVerifier();
        System.out.println("single-colour scan, " + WIDTH + "x" + HEIGHT + " RGBA: the all-black screen is "
                + colour(verifier.verify(black)) + ", the other " + colour(verifier.verify(varied)));
        long[] blackMicros = time(verifier, black);
        long[] variedMicros = time(verifier, varied);
        System.out.printf("  PNG check, all black (%,d bytes):      min %.2f ms, median %.2f ms%n", black.length,
                blackMicros[0] / 1000.0, blackMicros[RUNS / 2] / 1000.0);
        System.out.printf("  PNG check, second pixel white (%,d bytes): min %.2f ms, median %.2f ms%n", varied.length,
                variedMicros[0] / 1000.0, variedMicros[RUNS / 2] / 1000.0);
        System.out.printf("  scan cost (median difference): %.2f ms%n%n",
                (blackMicros[RUNS / 2] - variedMicros[RUNS / 2]) / 1000.0);
    }

    private static String colour(ImageVerification verification) {
        check(verification);
        return ((ImageVerification.Verified) verification).singleColour().map(c -> "entirely " + c)
                .orElse("not one colour");
    }

    private static long[] time(PngVerifier verifier, byte[] png) {
        for (int i = 0; i < WARMUP; i++) {
            check(verifier.verify(png));
        }
        long[] micros = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            check(verifier.verify(png));
            micros[i] = (System.nanoTime() - start) / 1000;
        }
        Arrays.sort(micros);
        return micros;
    }

    private static void check(ImageVerification verification) {
        if (!(verification instanceof ImageVerification.Verified)) {
            throw new IllegalStateException("the benchmark's PNG did not verify: " + verification);
        }
    }

    private static byte[] png(boolean secondPixelWhite) throws Exception {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                image.setRGB(x, y, 0xFF000000);
            }
        }
        if (secondPixelWhite) {
            image.setRGB(1, 0, 0xFFFFFFFF);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}
