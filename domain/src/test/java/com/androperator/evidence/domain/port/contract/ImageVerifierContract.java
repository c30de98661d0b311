package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.fakes.TestPngs;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ImageVerifier.ImageCheck;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every {@link ImageVerifier} promises the capture, the domain's fake and the real PNG
 * decoder alike: a complete PNG is verified with its header's dimensions whatever the pieces it
 * arrives in, and anything less (cut, damaged, foreign, too large, with bytes after IEND) is a
 * rejection with a reason, never an exception.
 */
public abstract class ImageVerifierContract {
    private static final int IHDR_DATA = 16;

    protected abstract ImageVerifier verifier();

    @Test
    void aCompletePngIsVerifiedWithItsHeaderDimensions() {
        assertThat(verifier().verify(TestPngs.png(7, 5))).isEqualTo(new ImageVerification.Verified(7, 5));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 13, 8192})
    void thePiecesTheBytesArriveInDoNotChangeTheVerdict(int piece) {
        byte[] png = TestPngs.png(20, 9);
        try (ImageCheck check = verifier().start()) {
            for (int offset = 0; offset < png.length; offset += piece) {
                check.accept(png, offset, Math.min(piece, png.length - offset));
            }
            assertThat(check.finish()).isEqualTo(new ImageVerification.Verified(20, 9));
        }
    }

    /** The capture hands over a buffer it fills again with the next piece: a check reads it during the call only. */
    @ParameterizedTest
    @ValueSource(ints = {1, 13, 8192})
    void aPieceIsReadDuringItsCallOnly(int piece) {
        byte[] png = TestPngs.png(20, 9);
        byte[] buffer = new byte[piece];
        try (ImageCheck check = verifier().start()) {
            for (int offset = 0; offset < png.length; offset += piece) {
                int length = Math.min(piece, png.length - offset);
                System.arraycopy(png, offset, buffer, 0, length);
                check.accept(buffer, 0, length);
                Arrays.fill(buffer, (byte) 0x5A);
            }
            assertThat(check.finish()).isEqualTo(new ImageVerification.Verified(20, 9));
        }
    }

    @Test
    void everyCutOfAPngIsRejected() {
        byte[] png = TestPngs.png(6, 4);
        ImageVerifier verifier = verifier();
        for (int length = 0; length < png.length; length++) {
            assertThat(verifier.verify(TestPngs.truncated(png, length)))
                    .as("the first %d of %d bytes", length, png.length)
                    .isInstanceOf(ImageVerification.Rejected.class);
        }
    }

    @Test
    void bytesThatAreNotAPngAreRejected() {
        assertThat(verifier().verify("<html>not an image</html>".repeat(4).getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(ImageVerification.Rejected.class);
    }

    @Test
    void bytesAfterIendAreRejected() {
        byte[] png = TestPngs.png(4, 4);
        byte[] longer = Arrays.copyOf(png, png.length + 3);

        assertThat(verifier().verify(longer)).isInstanceOf(ImageVerification.Rejected.class);
    }

    @Test
    void aDamagedChunkChecksumIsRejected() {
        byte[] png = TestPngs.png(4, 4);
        // The last byte of the IHDR CRC.
        png[IHDR_DATA + 13 + 3] ^= 0x01;

        assertThat(verifier().verify(png)).isInstanceOf(ImageVerification.Rejected.class);
    }

    @Test
    void anImageOverThePixelLimitIsRejected() {
        byte[] png = withDimensions(TestPngs.png(1, 1), 8192, 8192);

        assertThat(verifier().verify(png)).isInstanceOf(ImageVerification.Rejected.class);
    }

    @Test
    void closingACheckTwiceAfterItsVerdictIsHarmless() {
        ImageCheck check = verifier().start();
        byte[] png = TestPngs.png(2, 2);
        check.accept(png, 0, png.length);
        assertThat(check.finish()).isInstanceOf(ImageVerification.Verified.class);

        check.close();
        check.close();
    }

    /** {@code png} with its IHDR claiming other dimensions, and the IHDR CRC made right again. */
    private static byte[] withDimensions(byte[] png, int width, int height) {
        byte[] changed = png.clone();
        ByteBuffer buffer = ByteBuffer.wrap(changed);
        buffer.putInt(IHDR_DATA, width).putInt(IHDR_DATA + 4, height);
        CRC32 crc = new CRC32();
        crc.update(changed, IHDR_DATA - 4, 4 + 13);
        buffer.putInt(IHDR_DATA + 13, (int) crc.getValue());
        return changed;
    }
}
