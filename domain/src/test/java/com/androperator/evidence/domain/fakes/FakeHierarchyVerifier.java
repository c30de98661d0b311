package com.androperator.evidence.domain.fakes;

import com.androperator.evidence.domain.port.HierarchyVerifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shallow XML check for domain scenarios: strict UTF-8, no DOCTYPE, and after an optional prolog
 * one {@code <hierarchy>} element whose tags balance and close at the end. The real verifier parses
 * the document; this one only matches tags (attribute values holding {@code >} would confuse it).
 */
public final class FakeHierarchyVerifier implements HierarchyVerifier {
    private static final Pattern PROLOG = Pattern.compile("\\A\\s*(<\\?xml[^>]*\\?>)?\\s*");
    private static final Pattern TAG = Pattern.compile("<(/?)([A-Za-z_][\\w.:-]*)[^>]*?(/?)>");

    @Override
    public HierarchyVerification verify(InputStream in) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(in.readAllBytes())).toString();
        } catch (CharacterCodingException e) {
            return new HierarchyVerification.Rejected("the hierarchy is not UTF-8");
        } catch (IOException e) {
            return new HierarchyVerification.Rejected("the hierarchy could not be read: " + e.getMessage());
        }
        if (text.contains("<!DOCTYPE")) {
            return new HierarchyVerification.Rejected("DTDs are refused");
        }
        Matcher prolog = PROLOG.matcher(text);
        return balanced((prolog.find() ? text.substring(prolog.end()) : text).strip());
    }

    /** The verdict on a body that must be exactly one balanced element named hierarchy. */
    private static HierarchyVerification balanced(String body) {
        Matcher tag = TAG.matcher(body);
        if (!tag.lookingAt() || !"hierarchy".equals(tag.group(2)) || !tag.group(1).isEmpty()) {
            return new HierarchyVerification.Rejected("the root element is not hierarchy");
        }
        Deque<String> open = new ArrayDeque<>();
        long elements = 0;
        tag.reset();
        while (tag.find()) {
            if (tag.group(1).isEmpty()) {
                elements++;
                if (tag.group(3).isEmpty()) {
                    open.push(tag.group(2));
                }
            } else if (open.isEmpty() || !open.pop().equals(tag.group(2))) {
                return new HierarchyVerification.Rejected("</" + tag.group(2) + "> closes no open element");
            }
            if (open.isEmpty()) {
                return tag.end() == body.length() ? new HierarchyVerification.WellFormed(elements)
                        : new HierarchyVerification.Rejected("content after the hierarchy element");
            }
        }
        return new HierarchyVerification.Rejected("the hierarchy element is not closed");
    }
}
