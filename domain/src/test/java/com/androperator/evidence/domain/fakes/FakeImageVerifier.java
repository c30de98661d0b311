package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.ImageVerifier;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;
import java.util.zip.CRC32;

/**
 * A shallow PNG check for domain scenarios: signature, IHDR dimensions, every chunk's CRC, and an
 * IEND chunk as the last 12 bytes. Enough to tell {@link TestPngs} images from cut, damaged or
 * foreign bytes; the real verifier also decodes every row.
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
        return damagedChunk(buffer).<ImageVerification>map(ImageVerification.Rejected::new)
                .orElseGet(() -> new ImageVerification.Verified(width, height));
    }

    /** Why a chunk before the final IEND is damaged: its length runs past the end, or its CRC is wrong. */
    private static Optional<String> damagedChunk(ByteBuffer png) {
        int offset = SIGNATURE.length;
        int iend = png.limit() - IEND.length;
        while (offset < iend) {
            int length = png.getInt(offset);
            if (length < 0 || (long) offset + 12 + length > iend) {
                return Optional.of("the chunk at byte " + offset + " runs past the end");
            }
            CRC32 crc = new CRC32();
            crc.update(png.array(), offset + 4, 4 + length);
            if ((int) crc.getValue() != png.getInt(offset + 8 + length)) {
                return Optional.of("the CRC of the chunk at byte " + offset + " is wrong");
            }
            offset += 12 + length;
        }
        return Optional.empty();
    }

    public int calls() {
        return calls;
    }
}
