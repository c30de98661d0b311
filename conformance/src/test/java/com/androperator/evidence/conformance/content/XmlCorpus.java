package com.androperator.evidence.conformance.content;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Seeded hierarchy documents, acceptable and not, each with the verdict the contract gives it. */
final class XmlCorpus {
    record Case(String name, byte[] xml, boolean valid) {
        @Override
        public String toString() {
            return name;
        }
    }

    static final String DUMP = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
            + "<node index=\"0\" text=\"Wi\u2011Fi \u00e9t\u00e9 \uD83D\uDCF1 &amp; &#x41;\" class=\"android.widget.TextView\">"
            + "<node index=\"1\" text=\"\" content-desc=\"&lt;x&gt;\"/></node><!-- c --><?pi x?></hierarchy>";

    private XmlCorpus() {
    }

    static List<Case> all(long seed) {
        Random random = new Random(seed);
        List<Case> cases = new ArrayList<>();
        valid(cases, "a dump", DUMP);
        valid(cases, "no declaration", "<hierarchy/>");
        valid(cases, "declaration in lower case utf-8", "<?xml version=\"1.0\" encoding=\"utf-8\"?><hierarchy/>");
        valid(cases, "whitespace and comments around the root", "<!-- a -->\n<hierarchy>\n <node/>\n</hierarchy>\n<!-- z -->\n");
        valid(cases, "CDATA", "<hierarchy><![CDATA[<not a tag> & ]]></hierarchy>");
        valid(cases, "deep nesting", "<hierarchy>" + "<node>".repeat(200) + "</node>".repeat(200) + "</hierarchy>");
        cases.add(new Case("a UTF-8 byte-order mark", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                utf8("<hierarchy/>")), true));
        byte[] dump = utf8(DUMP);
        for (int i = 0; i < 25; i++) {
            int at = 1 + random.nextInt(dump.length - 1);
            cases.add(new Case("the dump cut at byte " + at, Arrays.copyOf(dump, at), false));
        }
        invalid(cases, "empty", "");
        invalid(cases, "only whitespace", "  \n");
        invalid(cases, "an unclosed element", "<hierarchy><node></hierarchy>");
        invalid(cases, "mismatched end tag", "<hierarchy></hierarch>");
        invalid(cases, "two roots", "<hierarchy/><hierarchy/>");
        invalid(cases, "text after the root", "<hierarchy/>trailing");
        invalid(cases, "wrong root", "<node/>");
        invalid(cases, "root in a namespace", "<hierarchy xmlns=\"urn:x\"/>");
        invalid(cases, "prefixed root", "<a:hierarchy xmlns:a=\"urn:x\"/>");
        invalid(cases, "a DOCTYPE", "<!DOCTYPE hierarchy><hierarchy/>");
        invalid(cases, "an internal entity", "<!DOCTYPE hierarchy [<!ENTITY e \"x\">]><hierarchy>&e;</hierarchy>");
        invalid(cases, "an external entity", "<!DOCTYPE hierarchy [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                + "<hierarchy>&e;</hierarchy>");
        invalid(cases, "an undefined entity", "<hierarchy>&nbsp;</hierarchy>");
        invalid(cases, "a control character", "<hierarchy text=\"\u0001\"/>");
        invalid(cases, "a character reference to NUL", "<hierarchy text=\"&#0;\"/>");
        invalid(cases, "a duplicate attribute", "<hierarchy a=\"1\" a=\"2\"/>");
        invalid(cases, "an unquoted attribute", "<hierarchy a=1/>");
        invalid(cases, "a lone ampersand", "<hierarchy>a & b</hierarchy>");
        invalid(cases, "declared ISO-8859-1", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><hierarchy/>");
        invalid(cases, "declaration not at the start", " <?xml version=\"1.0\"?><hierarchy/>");
        cases.add(new Case("UTF-16 with a byte-order mark", concat(new byte[] {(byte) 0xFE, (byte) 0xFF},
                "<hierarchy/>".getBytes(StandardCharsets.UTF_16BE)), false));
        byte[][] malformed = {
            {(byte) 0xC3, 0x28}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xE0, (byte) 0x80, (byte) 0xAF},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            {(byte) 0x80}, {(byte) 0xFF}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x93}};
        for (byte[] bad : malformed) {
            String hex = hex(bad);
            cases.add(new Case("invalid UTF-8 " + hex + " in an attribute", concat(utf8("<hierarchy text=\""),
                    concat(bad, utf8("\"/>"))), false));
            cases.add(new Case("invalid UTF-8 " + hex + " in text", concat(utf8("<hierarchy>"),
                    concat(bad, utf8("</hierarchy>"))), false));
        }
        cases.add(new Case("a multibyte character cut at the end", concat(utf8("<hierarchy/>"),
                new byte[] {(byte) 0xE2, (byte) 0x80}), false));
        return cases;
    }

    private static void valid(List<Case> cases, String name, String xml) {
        cases.add(new Case(name, utf8(xml), true));
    }

    private static void invalid(List<Case> cases, String name, String xml) {
        cases.add(new Case(name, utf8(xml), false));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            text.append(String.format("%02X", b & 0xFF));
        }
        return text.toString();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] joined = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, joined, a.length, b.length);
        return joined;
    }
}
