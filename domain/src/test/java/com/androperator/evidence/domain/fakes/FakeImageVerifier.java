package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.ImageVerifier;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Function;

/**
 * A shallow PNG check for domain scenarios: signature, IHDR dimensions, and an IEND chunk as the
 * last 12 bytes. Enough to tell {@link TestPngs} images from cut or foreign bytes; the real
 * verifier decodes every row.
 */
public final class FakeImageVerifier implements ImageVerifier {
    private final Function<byte[], ImageVerification> judge;

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final byte[] IEND = {0, 0, 0, 0, 'I', 'E', 'N', 'D', (byte) 0xAE, 0x42, 0x60, (byte) 0x82};
    private int calls;

    public FakeImageVerifier() {
        this.judge = this::judge;
    }

    private FakeImageVerifier(Function<byte[], ImageVerification> judge) {
        this.judge = judge;
    }

    /** A verifier whose verdict on the whole PNG is {@code judge}'s. */
    public static FakeImageVerifier judging(Function<byte[], ImageVerification> judge) {
        return new FakeImageVerifier(judge);
    }

    /** Collects the pieces and judges the whole PNG at the end. */
    @Override
    public ImageCheck start() {
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        return new ImageCheck() {
            @Override
            public void accept(byte[] bytes, int offset, int length) {
                whole.write(bytes, offset, length);
            }

            @Override
            public ImageVerification finish() {
                calls++;
                return judge.apply(whole.toByteArray());
            }
        };
    }

    private ImageVerification judge(byte[] png) {
        if (png.length < SIGNATURE.length + 25 + IEND.length) {
            return new ImageVerification.Rejected("too short for a PNG: " + png.length + " bytes");
        }
        if (!Arrays.equals(png, 0, 8, SIGNATURE, 0, 8)) {
            return new ImageVerification.Rejected("no PNG signature");
        }
        ByteBuffer buffer = ByteBuffer.wrap(png);
        if (buffer.getInt(8) != 13 || buffer.getInt(12) != 0x49484452) {
            return new ImageVerification.Rejected("the first chunk is not IHDR");
        }
        int width = buffer.getInt(16);
        int height = buffer.getInt(20);
        if (width <= 0 || height <= 0) {
            return new ImageVerification.Rejected("non-positive dimensions " + width + "x" + height);
        }
        if ((long) width * height > MAX_PIXELS) {
            return new ImageVerification.Rejected("more than " + MAX_PIXELS + " pixels");
        }
        if (!Arrays.equals(png, png.length - IEND.length, png.length, IEND, 0, IEND.length)) {
            return new ImageVerification.Rejected("incomplete: the stream does not end with IEND");
        }
        return new ImageVerification.Verified(width, height);
    }

    public int calls() {
        return calls;
    }
}
