package com.androperator.evidence.adapters.media;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification.Rejected;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification.WellFormed;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class XmlHierarchyVerifierTest {

    private static final XmlHierarchyVerifier VERIFIER = new XmlHierarchyVerifier();

    /** Shaped like a uiautomator dump: a declaration, the hierarchy root and nested nodes. */
    private static final String DUMP = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
            + "<hierarchy rotation=\"0\">"
            + "<node index=\"0\" text=\"\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2400]\">"
            + "<node index=\"0\" text=\"Réglages · 設定 😀\" class=\"android.widget.TextView\" bounds=\"[0,0][10,10]\"/>"
            + "<node index=\"1\" text=\"a &amp; b &lt; c\" class=\"android.widget.Button\" bounds=\"[0,0][5,5]\"/>"
            + "</node>"
            + "</hierarchy>";

    private static byte[] utf8(String xml) {
        return xml.getBytes(StandardCharsets.UTF_8);
    }

    private static String rejectionReason(byte[] xml) {
        HierarchyVerification verification = VERIFIER.verify(xml);
        assertThat(verification).isInstanceOf(Rejected.class);
        return ((Rejected) verification).reason();
    }

    @Test
    void aDumpIsWellFormedAndEveryElementIsCounted() {
        assertThat(VERIFIER.verify(utf8(DUMP))).isEqualTo(new WellFormed(4));
    }

    @Test
    void aLoneRootIsOneNode() {
        assertThat(VERIFIER.verify(utf8("<hierarchy/>"))).isEqualTo(new WellFormed(1));
    }

    @Test
    void commentsProcessingInstructionsCdataAndTrailingWhitespaceAreFine() {
        String xml = "<!-- dump --><?pi data?><hierarchy><![CDATA[<not-an-element>]]><node/></hierarchy>\n  <!-- end -->\n";

        assertThat(VERIFIER.verify(utf8(xml))).isEqualTo(new WellFormed(2));
    }

    @Test
    void aUtf8ByteOrderMarkIsAccepted() {
        assertThat(VERIFIER.verify(utf8("\uFEFF<hierarchy><node/></hierarchy>"))).isEqualTo(new WellFormed(2));
    }

    @Test
    void theInputIsNeverModified() {
        byte[] xml = utf8(DUMP);
        byte[] before = xml.clone();

        VERIFIER.verify(xml);

        assertThat(xml).isEqualTo(before);
    }

    @Test
    void emptyInput() {
        assertThat(rejectionReason(new byte[0])).isEqualTo("empty hierarchy document");
    }

    @Test
    void whitespaceOnly() {
        assertThat(rejectionReason(utf8(" \n "))).startsWith("hierarchy is not well-formed XML at line 2, column ");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "<root><node/></root>",
        "<Hierarchy/>",
        "<node><hierarchy/></node>",
        "<a:hierarchy xmlns:a=\"urn:example\"/>",
        "<hierarchy xmlns=\"urn:example\"/>"
    })
    void theRootMustBeHierarchyInNoNamespace(String xml) {
        assertThat(rejectionReason(utf8(xml)))
                .matches("root element is <\\S+> \\(start tag ending at line 1, column \\d+\\), expected <hierarchy>");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "<hierarchy><node></hierarchy>",
        "<hierarchy><node a=1/></hierarchy>",
        "<hierarchy/><hierarchy/>",
        "<hierarchy/>trailing text",
        "text<hierarchy/>",
        "<hierarchy>&undeclared;</hierarchy>",
        "<hierarchy><x:node/></hierarchy>",
        "<hierarchy a=\"1\" a=\"2\"/>",
        "<hierarchy>\u0001</hierarchy>"
    })
    void malformedDocumentsAreRejectedWithTheirLocation(String xml) {
        assertThat(rejectionReason(utf8(xml))).matches("hierarchy is not well-formed XML at line 1, column \\d+: \\S.*");
    }

    static IntStream everyTruncatedLength() {
        return IntStream.range(1, utf8(DUMP).length);
    }

    @ParameterizedTest(name = "first {0} bytes")
    @MethodSource("everyTruncatedLength")
    void everyTruncationIsRejected(int length) {
        assertThat(VERIFIER.verify(Arrays.copyOf(utf8(DUMP), length))).isInstanceOf(Rejected.class);
    }

    @Test
    void aDeclaredNonUtf8EncodingIsRejected() {
        byte[] xml = "<?xml version='1.0' encoding='ISO-8859-1'?><hierarchy/>".getBytes(StandardCharsets.ISO_8859_1);

        assertThat(rejectionReason(xml))
                .isEqualTo("hierarchy must be UTF-8, but its XML declaration says encoding=\"ISO-8859-1\"");
    }

    @Test
    void utf16IsRejected() {
        byte[] xml = "<?xml version='1.0' encoding='UTF-16'?><hierarchy/>".getBytes(StandardCharsets.UTF_16);

        assertThat(rejectionReason(xml)).isEqualTo("hierarchy is not valid UTF-8: malformed byte sequence at offset 0");
    }

    @Test
    void malformedUtf8IsRejectedWithItsOffset() {
        byte[] xml = {'<', 'h', 'i', 'e', 'r', 'a', 'r', 'c', 'h', 'y', '>', (byte) 0xC3, '(', '<', '/', 'h', 'i',
            'e', 'r', 'a', 'r', 'c', 'h', 'y', '>'};

        assertThat(rejectionReason(xml)).isEqualTo("hierarchy is not valid UTF-8: malformed byte sequence at offset 11");
    }

    @Test
    void aDoctypeWithoutEntitiesIsStillRejected() {
        assertThat(rejectionReason(utf8("<!DOCTYPE hierarchy><hierarchy/>")))
                .isEqualTo("DOCTYPE declaration ending at line 1, column 21: DTDs and entities are refused");
    }

    @Test
    void anExternalEntityOnAFileUrlIsRejectedAndTheFileIsNeverRead(@TempDir Path directory) throws IOException {
        Path secret = Files.writeString(directory.resolve("secret.txt"), "TOP-SECRET-CONTENT");
        Path missing = directory.resolve("absent-file.txt");
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<!DOCTYPE hierarchy ["
                + "<!ENTITY secret SYSTEM \"" + secret.toUri() + "\">"
                + "<!ENTITY missing SYSTEM \"" + missing.toUri() + "\">"
                + "]>"
                + "<hierarchy><node text=\"x\">&secret;&missing;</node></hierarchy>";

        String reason = rejectionReason(utf8(xml));

        // Had the parser opened either URL, the content or the file-not-found path would surface.
        assertThat(reason).startsWith("DOCTYPE declaration")
                .doesNotContain("TOP-SECRET-CONTENT")
                .doesNotContain("secret.txt")
                .doesNotContain("absent-file");
        assertThat(Files.exists(missing)).isFalse();
    }

    @Test
    void externalDtdsAndEntitiesAreNeverFetched() throws IOException {
        AtomicInteger requests = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            byte[] body = "<!ENTITY leak \"FETCHED\">".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            List<String> doctypes = List.of(
                    "<!DOCTYPE hierarchy SYSTEM \"" + base + "/external.dtd\"><hierarchy/>",
                    "<!DOCTYPE hierarchy [<!ENTITY % remote SYSTEM \"" + base + "/param.dtd\"> %remote;]>"
                            + "<hierarchy>&leak;</hierarchy>",
                    "<!DOCTYPE hierarchy [<!ENTITY remote SYSTEM \"" + base + "/entity\">]><hierarchy>&remote;</hierarchy>");
            String xinclude = "<hierarchy xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\""
                    + base + "/xi\"/></hierarchy>";

            assertThat(doctypes).allSatisfy(xml -> assertThat(rejectionReason(utf8(xml)))
                    .startsWith("DOCTYPE declaration").doesNotContain("FETCHED"));
            // XInclude is just an element to a non-XInclude parser: well-formed, nothing fetched.
            assertThat(VERIFIER.verify(utf8(xinclude))).isEqualTo(new WellFormed(2));
            // The server handles a request before answering it, so a fetch during verify() would
            // already be counted by the time verify() returned.
            assertThat(requests).hasValue(0);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void billionLaughsIsRejectedWithoutExpansion() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE hierarchy [<!ENTITY lol0 \"lol\">");
        for (int level = 1; level <= 9; level++) {
            xml.append("<!ENTITY lol").append(level).append(" \"");
            xml.append(("&lol" + (level - 1) + ";").repeat(10)).append("\">");
        }
        xml.append("]><hierarchy>&lol9;</hierarchy>");

        assertThat(rejectionReason(utf8(xml.toString()))).startsWith("DOCTYPE declaration");
    }
}
