package com.androperator.evidence.adapters.media;

import com.androperator.evidence.domain.port.HierarchyVerifier;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
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
 * and refusing it means no DTD, entity expansion or external fetch can ever be reached. The input
 * array is only read. Instances are stateless and thread-safe.
 */
public final class XmlHierarchyVerifier implements HierarchyVerifier {

    private static final String ROOT_ELEMENT = "hierarchy";

    private static final String JDK_MESSAGE_MARKER = "Message: ";

    /** Bounds the decoding check's memory whatever the document size. */
    private static final int UTF8_CHECK_BUFFER_CHARS = 8 * 1024;

    @Override
    public HierarchyVerification verify(byte[] xml) {
        Objects.requireNonNull(xml, "xml");
        if (xml.length == 0) {
            return new HierarchyVerification.Rejected("empty hierarchy document");
        }
        String encodingProblem = findMalformedUtf8(xml);
        if (encodingProblem != null) {
            return new HierarchyVerification.Rejected(encodingProblem);
        }
        XMLStreamReader reader = null;
        try {
            reader = newSecureFactory().createXMLStreamReader(new ByteArrayInputStream(xml));
            String declared = reader.getCharacterEncodingScheme();
            if (declared != null && !declared.equalsIgnoreCase(StandardCharsets.UTF_8.name())) {
                return new HierarchyVerification.Rejected(
                        "hierarchy must be UTF-8, but its XML declaration says encoding=\"" + declared + "\"");
            }
            return countElements(reader);
        } catch (XMLStreamException e) {
            return new HierarchyVerification.Rejected("hierarchy is not well-formed XML" + describe(e));
        } finally {
            closeQuietly(reader);
        }
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
     * Decoding strictly up front gives a byte offset for bad input, and keeps the parser from
     * meeting malformed bytes at all (its default error handler would print them to stderr).
     * A UTF-16 document fails here too, since its byte-order mark is not UTF-8.
     */
    private static String findMalformedUtf8(byte[] xml) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(xml);
        CharBuffer chars = CharBuffer.allocate(UTF8_CHECK_BUFFER_CHARS);
        while (true) {
            CoderResult result = decoder.decode(bytes, chars, true);
            if (result.isError()) {
                return "hierarchy is not valid UTF-8: malformed byte sequence at offset " + bytes.position();
            }
            if (result.isUnderflow()) {
                chars.clear();
                result = decoder.flush(chars);
                return result.isError() ? "hierarchy is not valid UTF-8 at its end" : null;
            }
            chars.clear();
        }
    }

    /** A fresh factory per call: factories are not specified as thread-safe once configured. */
    private static XMLInputFactory newSecureFactory() {
        // The JDK's own implementation, whose handling of these properties is known and tested here.
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setXMLResolver((publicId, systemId, baseUri, namespace) -> {
            throw new XMLStreamException("external resources are refused");
        });
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
