package com.androperator.evidence.adapters.media;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification.Rejected;
import com.androperator.evidence.domain.port.HierarchyVerifier.HierarchyVerification.WellFormed;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
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

    /** Hands out at most {@code piece} bytes per read, as a slow socket or a spool does. */
    private static InputStream trickling(byte[] bytes, int piece) {
        return new java.io.ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                return super.read(buffer, offset, Math.min(length, piece));
            }
        };
    }

    static List<Arguments> malformedUtf8() {
        return List.of(
                Arguments.of("lone continuation byte", new byte[] {(byte) 0x80}),
                Arguments.of("overlong encoding of '/'", new byte[] {(byte) 0xC0, (byte) 0xAF}),
                Arguments.of("overlong three-byte NUL", new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0x80}),
                Arguments.of("0xFF", new byte[] {(byte) 0xFF}),
                Arguments.of("encoded surrogate U+D800", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}),
                Arguments.of("above U+10FFFF", new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}),
                Arguments.of("three-byte sequence cut by ASCII", new byte[] {(byte) 0xE2, (byte) 0x82, 'x'}));
    }

    @ParameterizedTest(name = "{0}, in pieces of {2}")
    @MethodSource("malformedUtf8InPieces")
    void everyMalformedUtf8ClassIsRejectedWithItsOffsetWhateverThePieces(String name, byte[] bad, int piece) {
        byte[] prefix = utf8("<hierarchy><node text=\"");
        byte[] xml = concat(prefix, bad, utf8("\"/></hierarchy>"));

        HierarchyVerification verification = VERIFIER.verify(trickling(xml, piece));

        assertThat(verification).isEqualTo(new Rejected(
                "hierarchy is not valid UTF-8: malformed byte sequence at offset " + prefix.length));
    }

    static Stream<Arguments> malformedUtf8InPieces() {
        return malformedUtf8().stream().flatMap(bad -> IntStream.of(1, 2, 65_536)
                .mapToObj(piece -> Arguments.of(bad.get()[0], bad.get()[1], piece)));
    }

    @ParameterizedTest(name = "in pieces of {0}")
    @ValueSource(ints = {1, 2, 3, 7, 65_536})
    void aThreeByteSequenceCutByTheEndOfTheDocumentIsRejected(int piece) {
        byte[] xml = concat(utf8("<hierarchy/>"), new byte[] {(byte) 0xE2, (byte) 0x82});

        assertThat(VERIFIER.verify(trickling(xml, piece))).isEqualTo(new Rejected("hierarchy is not valid UTF-8 at its end"));
    }

    @Test
    void aBadByteAfterASyntaxErrorIsWhatIsReported() {
        byte[] xml = concat(utf8("<hierarchy><a></b>"), new byte[] {(byte) 0xFF}, utf8("</hierarchy>"));

        assertThat(rejectionReason(xml)).isEqualTo("hierarchy is not valid UTF-8: malformed byte sequence at offset 18");
    }

    @ParameterizedTest(name = "in pieces of {0}")
    @ValueSource(ints = {1, 5, 4096})
    void aDumpReadInAnyPiecesIsTheSameDump(int piece) {
        assertThat(VERIFIER.verify(trickling(utf8(DUMP), piece))).isEqualTo(new WellFormed(4));
    }

    @Test
    void aStreamThatFailsToReadIsARejectionThatSaysSo() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("disk gone");
            }
        };

        assertThat(VERIFIER.verify(failing)).isEqualTo(new Rejected("the hierarchy could not be read: disk gone"));
    }

    // ---- Parser limits: each stated explicitly, none below the contract's caps -------------

    @Test
    void nestingUpToTheDepthLimitIsFineAndOneDeeperIsRejected() {
        int depth = com.androperator.evidence.contracts.ParserLimits.XML_MAX_ELEMENT_DEPTH;
        assertThat(VERIFIER.verify(utf8(nested(depth)))).isEqualTo(new WellFormed(depth));
        assertThat(rejectionReason(utf8(nested(depth + 1)))).contains("maxElementDepth");
    }

    private static String nested(int depth) {
        return "<hierarchy>" + "<n>".repeat(depth - 1) + "</n>".repeat(depth - 1) + "</hierarchy>";
    }

    @Test
    void attributesUpToTheLimitAreFineAndOneMoreIsRejected() {
        int limit = com.androperator.evidence.contracts.ParserLimits.XML_MAX_ATTRIBUTES;
        assertThat(VERIFIER.verify(utf8(withAttributes(limit)))).isEqualTo(new WellFormed(1));
        assertThat(rejectionReason(utf8(withAttributes(limit + 1)))).contains("JAXP00010002", "\"10,000\" is the limit");
    }

    private static String withAttributes(int count) {
        StringBuilder xml = new StringBuilder("<hierarchy");
        for (int i = 0; i < count; i++) {
            xml.append(" a").append(i).append("=\"").append(i).append('"');
        }
        return xml.append("/>").toString();
    }

    @Test
    void namesUpToTheLimitAreFineAndLongerOnesAreRejected() {
        int limit = com.androperator.evidence.contracts.ParserLimits.XML_MAX_NAME_CHARS;
        String name = "n".repeat(limit);
        assertThat(VERIFIER.verify(utf8("<hierarchy><" + name + "/></hierarchy>"))).isEqualTo(new WellFormed(2));
        assertThat(rejectionReason(utf8("<hierarchy><" + name + "n/></hierarchy>"))).contains("JAXP00010005", "\"1,000\" limit");
    }

    /**
     * The JDK counts every predefined reference ({@code &amp;}) against its total-entity-size
     * limit, whose default of 50,000,000 would refuse a large, genuine dump; the limit is the
     * contract's document cap instead. The document is generated as it is read, never held.
     */
    @Test
    void moreReferencesThanTheJdkDefaultEntityLimitAreFine() {
        long references = 50_000_001L;
        InputStream xml = generated("<hierarchy text=\"", "&lt;", references, "\"/>");

        assertThat(VERIFIER.verify(xml)).isEqualTo(new WellFormed(1));
    }

    @Test
    void aDocumentOverTheContractsCapIsRejectedWithoutReadingOn() {
        long cap = com.androperator.evidence.contracts.ParserLimits.XML_MAX_DOCUMENT_BYTES;
        InputStream xml = generated("<hierarchy>", "<n/>", cap / 4, "</hierarchy>");

        assertThat(VERIFIER.verify(xml)).isEqualTo(new Rejected("hierarchy is over the " + cap + "-byte limit"));
    }

    /** {@code head}, then {@code unit} {@code count} times, then {@code tail}, produced as read. */
    private static InputStream generated(String head, String unit, long count, String tail) {
        byte[] headBytes = utf8(head);
        byte[] unitBytes = utf8(unit);
        byte[] tailBytes = utf8(tail);
        long total = headBytes.length + unitBytes.length * count + tailBytes.length;
        return new InputStream() {
            private long position;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                if (position >= total) {
                    return -1;
                }
                int n = (int) Math.min(length, total - position);
                for (int i = 0; i < n; i++) {
                    long at = position + i;
                    buffer[offset + i] = at < headBytes.length ? headBytes[(int) at]
                            : at >= total - tailBytes.length ? tailBytes[(int) (at - (total - tailBytes.length))]
                            : unitBytes[(int) ((at - headBytes.length) % unitBytes.length)];
                }
                position += n;
                return n;
            }
        };
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
