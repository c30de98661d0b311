package com.androperator.evidence.adapters.media;

import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.domain.port.HierarchyVerifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Verifies a raw UI hierarchy dump with the JDK's StAX parser: UTF-8, well-formed to the last
 * byte, root element {@code hierarchy} in no namespace, and no DOCTYPE at all.
 *
 * <p>A DOCTYPE is rejected rather than skipped because the hierarchy comes from the device: a
 * document that tries to declare entities or point at external resources is not a genuine dump,
 * and refusing it means no DTD, entity expansion or external fetch can ever be reached. The bytes
 * are only read, once, as a stream: memory does not grow with the document. Every limit the
 * parser applies is set explicitly (see {@link #newSecureFactory()}), none is left to a JDK
 * default that could refuse a hierarchy the contract allows. Instances are stateless and
 * thread-safe.
 */
public final class XmlHierarchyVerifier implements HierarchyVerifier {

    private static final String ROOT_ELEMENT = "hierarchy";

    private static final String JDK_MESSAGE_MARKER = "Message: ";

    @Override
    public HierarchyVerification verify(InputStream xml) {
        Objects.requireNonNull(xml, "xml");
        StrictUtf8Input input = new StrictUtf8Input(xml, ParserLimits.XML_MAX_DOCUMENT_BYTES);
        XMLStreamReader reader = null;
        try {
            if (input.isEmpty()) {
                return new HierarchyVerification.Rejected("empty hierarchy document");
            }
            reader = newSecureFactory().createXMLStreamReader(input);
            String declared = reader.getCharacterEncodingScheme();
            if (declared != null && !declared.equalsIgnoreCase(StandardCharsets.UTF_8.name())) {
                return new HierarchyVerification.Rejected(
                        "hierarchy must be UTF-8, but its XML declaration says encoding=\"" + declared + "\"");
            }
            HierarchyVerification verdict = countElements(reader);
            // Bytes the parser did not need must still be UTF-8; a bad byte anywhere is what is reported.
            input.drain();
            return verdict;
        } catch (XMLStreamException e) {
            return input.problem().<HierarchyVerification>map(HierarchyVerification.Rejected::new)
                    .orElseGet(() -> afterParseError(input, e));
        } catch (IOException e) {
            return new HierarchyVerification.Rejected(input.problem()
                    .orElse("the hierarchy could not be read: " + e.getMessage()));
        } finally {
            closeQuietly(reader);
        }
    }

    /** A syntax error; unless the rest of the input holds a bad UTF-8 byte, which is the root cause. */
    private static HierarchyVerification afterParseError(StrictUtf8Input input, XMLStreamException e) {
        try {
            input.drain();
        } catch (IOException unreadable) {
            return new HierarchyVerification.Rejected(input.problem()
                    .orElse("the hierarchy could not be read: " + unreadable.getMessage()));
        }
        return new HierarchyVerification.Rejected("hierarchy is not well-formed XML" + describe(e));
    }

    private static HierarchyVerification countElements(XMLStreamReader reader) throws XMLStreamException {
        long elements = 0;
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.DTD) {
                return new HierarchyVerification.Rejected(
                        "DOCTYPE declaration ending " + at(reader.getLocation()) + ": DTDs and entities are refused");
            }
            if (event == XMLStreamConstants.START_ELEMENT) {
                if (elements == 0 && !isHierarchyRoot(reader)) {
                    return new HierarchyVerification.Rejected("root element is <" + qualifiedName(reader)
                            + "> (start tag ending " + at(reader.getLocation()) + "), expected <" + ROOT_ELEMENT + ">");
                }
                elements++;
            }
        }
        // hasNext() turns false only after END_DOCUMENT, i.e. after the parser checked the whole input.
        return new HierarchyVerification.WellFormed(elements);
    }

    private static boolean isHierarchyRoot(XMLStreamReader reader) {
        String namespace = reader.getNamespaceURI();
        return ROOT_ELEMENT.equals(reader.getLocalName()) && (namespace == null || namespace.isEmpty());
    }

    private static String qualifiedName(XMLStreamReader reader) {
        String prefix = reader.getPrefix();
        return prefix == null || prefix.isEmpty() ? reader.getLocalName() : prefix + ":" + reader.getLocalName();
    }

    /**
     * A fresh factory per call (factories are not specified as thread-safe once configured), with
     * every limit of the JDK parser stated. A value of 0 would mean "no limit" to the JDK, so none
     * is 0. Names are the JDK's documented {@code jdk.xml.*} properties.
     */
    private static XMLInputFactory newSecureFactory() {
        // The JDK's own implementation, whose handling of these properties is known and tested here.
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        // No DTD at all (a DOCTYPE rejects the document), so no entity can be declared or fetched.
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setXMLResolver((publicId, systemId, baseUri, namespace) -> {
            throw new XMLStreamException("external resources are refused");
        });
        // Declared-entity expansion: none can be declared; 1 (the smallest limit the JDK accepts) as a second guard.
        factory.setProperty("jdk.xml.entityExpansionLimit", "1");
        // Declared-entity references replaced: as above.
        factory.setProperty("jdk.xml.entityReplacementLimit", "1");
        // DTD content-model occurrences: no DTD is read; the smallest limit.
        factory.setProperty("jdk.xml.maxOccurLimit", "1");
        // Parameter entities exist only in DTDs: the smallest limit.
        factory.setProperty("jdk.xml.maxParameterEntitySizeLimit", "1");
        // The JDK counts the document itself and each predefined reference (&amp;) here: the whole document may be that.
        factory.setProperty("jdk.xml.maxGeneralEntitySizeLimit", Long.toString(ParserLimits.XML_MAX_DOCUMENT_BYTES));
        // Accumulated entity sizes, counted the same way (its JDK default, 50,000,000, would refuse a large dump).
        factory.setProperty("jdk.xml.totalEntitySizeLimit", Long.toString(ParserLimits.XML_MAX_DOCUMENT_BYTES));
        // Element nesting: far deeper than any dump, bounding the parser's element stack.
        factory.setProperty("jdk.xml.maxElementDepth", Integer.toString(ParserLimits.XML_MAX_ELEMENT_DEPTH));
        // Attributes per element.
        factory.setProperty("jdk.xml.elementAttributeLimit", Integer.toString(ParserLimits.XML_MAX_ATTRIBUTES));
        // Element and attribute names.
        factory.setProperty("jdk.xml.maxXMLNameLimit", Integer.toString(ParserLimits.XML_MAX_NAME_CHARS));
        return factory;
    }

    /** " at line L, column C: what is wrong", on one line. */
    private static String describe(XMLStreamException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        // The JDK prefixes "ParseError at [row,col]:[r,c]\nMessage: "; the location is reported separately.
        int detailStart = message.indexOf(JDK_MESSAGE_MARKER);
        String detail = detailStart >= 0 ? message.substring(detailStart + JDK_MESSAGE_MARKER.length()) : message;
        String location = e.getLocation() == null ? "" : " " + at(e.getLocation());
        return location + ": " + detail.strip();
    }

    /** Line and column only: the JDK parser's character offsets are not reliable byte or char positions. */
    private static String at(Location location) {
        return "at line " + location.getLineNumber() + ", column " + location.getColumnNumber();
    }

    private static void closeQuietly(XMLStreamReader reader) {
        if (reader == null) {
            return;
        }
        try {
            reader.close();
        } catch (XMLStreamException ignored) {
            // Closing releases parser state only; the verdict is already decided.
        }
    }
}
