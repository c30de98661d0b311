package com.androperator.evidence.adapters.media;

import com.androperator.evidence.domain.port.ImageVerifier;
import java.util.Objects;
import java.util.zip.Inflater;

/**
 * Verifies a PNG from its bytes alone, following the PNG specification (ISO/IEC 15948) rather
 * than an image library, so that "complete" means every byte was checked: the signature, IHDR
 * first, every chunk's CRC, chunk ordering, the whole zlib stream inflated to the last scanline of
 * the last pass, and IEND as the final bytes.
 *
 * <p>The check runs as the bytes arrive ({@link #start()}), in pieces of any size, so a screenshot
 * is verified in the same pass that reads and writes it. Decompression streams through one fixed
 * buffer, and the header's pixel limit is enforced before an {@link Inflater} exists, so neither a
 * large screenshot nor a decompression bomb costs more memory than that buffer. A chunk's contents
 * are judged only once its CRC has matched: a problem inside a chunk whose CRC is wrong, or which
 * the input cuts short, is reported as that, exactly as if the whole file had been read first.
 * Instances are stateless and thread-safe; each {@link ImageCheck} is used by one thread.
 *
 * <p>{@link PngChunkWalk} frames the bytes into chunks and checks their CRCs; {@link PngChunkRules}
 * judges each whole chunk in order and inflates the image data.
 */
public final class PngVerifier implements ImageVerifier {
    private final InflaterFactory inflaterFactory;

    public PngVerifier() {
        this(Inflater::new);
    }

    /** Lets tests count or instrument inflaters, e.g. to prove an oversized header never inflates. */
    PngVerifier(InflaterFactory inflaterFactory) {
        this.inflaterFactory = Objects.requireNonNull(inflaterFactory, "inflaterFactory");
    }

    @Override
    public ImageCheck start() {
        return new PngChunkWalk(inflaterFactory);
    }

    @Override
    public ImageVerification verify(byte[] png) {
        Objects.requireNonNull(png, "png");
        return ImageVerifier.super.verify(png);
    }
}
