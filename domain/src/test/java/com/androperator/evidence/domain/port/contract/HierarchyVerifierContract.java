package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.HierarchyVerifier;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every {@link HierarchyVerifier} promises the capture, the domain's fake and the StAX
 * verifier alike: a well-formed UTF-8 document rooted at {@code hierarchy} is accepted with its
 * element count; anything else (another root, a DOCTYPE, a cut or unbalanced document, bytes that
 * are not UTF-8, a stream that fails) is a rejection with a reason, never an exception.
 */
public abstract class HierarchyVerifierContract {
    private static final String DUMP = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
            + "<hierarchy rotation=\"0\"><node text=\"Grüße\"><node text=\"a &amp; b\"/></node><node/></hierarchy>";

    protected abstract HierarchyVerifier verifier();

    @Test
    void aWellFormedDumpIsAcceptedWithEveryElementCounted() {
        assertThat(verifier().verify(bytes(DUMP))).isEqualTo(new HierarchyVerification.WellFormed(4));
    }

    @Test
    void aLoneRootIsOneElement() {
        assertThat(verifier().verify(bytes("<hierarchy/>"))).isEqualTo(new HierarchyVerification.WellFormed(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<node><hierarchy/></node>", "<hierarchyx/>", "plain text", "", "  \n"})
    void aDocumentNotRootedAtHierarchyIsRejected(String xml) {
        assertThat(verifier().verify(bytes(xml))).isInstanceOf(HierarchyVerification.Rejected.class);
    }

    @Test
    void aDoctypeIsRejected() {
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE hierarchy [<!ENTITY e \"x\">]><hierarchy>&e;</hierarchy>";

        assertThat(verifier().verify(bytes(xml))).isInstanceOf(HierarchyVerification.Rejected.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"<hierarchy><node></hierarchy>", "<hierarchy><node/></node></hierarchy>",
            "<hierarchy></hierarchy><hierarchy/>"})
    void anUnbalancedDocumentIsRejected(String xml) {
        assertThat(verifier().verify(bytes(xml))).isInstanceOf(HierarchyVerification.Rejected.class);
    }

    @Test
    void everyCutOfADumpIsRejected() {
        byte[] dump = bytes(DUMP);
        HierarchyVerifier verifier = verifier();
        for (int length = 0; length < dump.length; length++) {
            assertThat(verifier.verify(java.util.Arrays.copyOf(dump, length)))
                    .as("the first %d of %d bytes", length, dump.length)
                    .isInstanceOf(HierarchyVerification.Rejected.class);
        }
    }

    @Test
    void bytesThatAreNotUtf8AreRejected() {
        byte[] latin1 = "<hierarchy><node text=\"Grüße\"/></hierarchy>".getBytes(StandardCharsets.ISO_8859_1);

        assertThat(verifier().verify(latin1)).isInstanceOf(HierarchyVerification.Rejected.class);
    }

    @Test
    void aStreamThatFailsToReadIsARejection() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("the spool file vanished");
            }
        };

        assertThat(verifier().verify(failing)).isInstanceOf(HierarchyVerification.Rejected.class);
    }

    private static byte[] bytes(String xml) {
        return xml.getBytes(StandardCharsets.UTF_8);
    }
}
