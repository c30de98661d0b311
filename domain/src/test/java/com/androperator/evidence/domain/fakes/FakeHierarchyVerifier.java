package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.HierarchyVerifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shallow XML check for domain scenarios: after an optional prolog the document is one
 * {@code <hierarchy>} element that is closed at the end, and no DOCTYPE appears. The real verifier
 * parses the document.
 */
public final class FakeHierarchyVerifier implements HierarchyVerifier {
    private static final Pattern PROLOG = Pattern.compile("\\A\\s*(<\\?xml[^>]*\\?>)?\\s*");
    private static final Pattern ELEMENT = Pattern.compile("<[A-Za-z]");

    @Override
    public HierarchyVerification verify(InputStream in) {
        byte[] xml;
        try {
            xml = in.readAllBytes();
        } catch (IOException e) {
            return new HierarchyVerification.Rejected("the hierarchy could not be read: " + e.getMessage());
        }
        String text = new String(xml, StandardCharsets.UTF_8);
        if (text.contains("<!DOCTYPE")) {
            return new HierarchyVerification.Rejected("DTDs are refused");
        }
        Matcher prolog = PROLOG.matcher(text);
        String body = (prolog.find() ? text.substring(prolog.end()) : text).strip();
        if (!body.startsWith("<hierarchy")) {
            return new HierarchyVerification.Rejected("the root element is not hierarchy");
        }
        if (!(body.endsWith("</hierarchy>") || (body.endsWith("/>") && body.indexOf('>') == body.length() - 1))) {
            return new HierarchyVerification.Rejected("the hierarchy element is not closed");
        }
        long elements = ELEMENT.matcher(body).results().count();
        return new HierarchyVerification.WellFormed(elements);
    }
}
