package com.androperator.evidence.conformance.content;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.media.PngVerifier;
import com.androperator.evidence.adapters.media.XmlHierarchyVerifier;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification;
import com.androperator.evidence.domain.port.ImageVerifier;
import com.androperator.evidence.domain.port.ImageVerifier.ImageVerification;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The verifier's own PNG and XML checks (the oracle) and the writer's verifiers (adapters-media)
 * are separate code; on every member of a seeded corpus they must reach the same verdict, and it
 * must be the one the case was built to have. A disagreement means one of them has a bug.
 */
class ContentAgreementTest {
    private static final long SEED = 20261201L;

    static Stream<PngCorpus.Case> pngs() {
        return PngCorpus.all(SEED).stream();
    }

    static Stream<XmlCorpus.Case> xmls() {
        return XmlCorpus.all(SEED).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pngs")
    void pngOracleAndProductAgree(PngCorpus.Case png) throws IOException {
        ContentVerdict oracle = new PngCheck().check(new ByteArrayInputStream(png.png()));
        ImageVerification product = new PngVerifier().verify(png.png());
        // As a capture feeds it: the bytes in pieces of seeded sizes, as a socket delivers them.
        ImageVerification piecewise = inPieces(png.png());
        assertThat(oracle.passed()).as("oracle: %s", oracle).isEqualTo(png.valid());
        assertThat(product instanceof ImageVerification.Verified).as("product: %s", product).isEqualTo(png.valid());
        assertThat(piecewise).as("fed in pieces").isEqualTo(product);
        if (oracle instanceof ContentVerdict.Image image && product instanceof ImageVerification.Verified verified) {
            assertThat(image.width()).isEqualTo(verified.width());
            assertThat(image.height()).isEqualTo(verified.height());
        }
    }

    private static ImageVerification inPieces(byte[] png) {
        Random sizes = new Random(SEED ^ png.length);
        try (ImageVerifier.ImageCheck check = new PngVerifier().start()) {
            for (int offset = 0; offset < png.length; ) {
                int length = Math.min(png.length - offset, 1 + sizes.nextInt(8192));
                check.accept(png, offset, length);
                offset += length;
            }
            return check.finish();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("xmls")
    void xmlOracleAndProductAgree(XmlCorpus.Case xml) throws IOException {
        ContentVerdict oracle = new XmlCheck().check(new ByteArrayInputStream(xml.xml()));
        HierarchyVerification product = new XmlHierarchyVerifier().verify(xml.xml());
        assertThat(oracle.passed()).as("oracle: %s", oracle).isEqualTo(xml.valid());
        assertThat(product instanceof HierarchyVerification.WellFormed).as("product: %s", product).isEqualTo(xml.valid());
    }
}
