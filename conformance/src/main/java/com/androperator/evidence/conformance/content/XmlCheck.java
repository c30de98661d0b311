package com.androperator.evidence.conformance.content;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;
import org.xml.sax.ext.Locator2;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The verifier's own judgement of a hierarchy document, apart from the writer's (which uses StAX):
 * the JDK's SAX parser, configured here with secure processing, no DOCTYPE at all, no external
 * entities or DTDs, reading through {@link StrictUtf8InputStream} so every byte is strict UTF-8;
 * well-formed to the last byte; an XML declaration, if any, says UTF-8; root element
 * {@code hierarchy} in no namespace.
 *
 * <p>Streaming: memory is the parser's buffers and the element being read (its longest name or
 * attribute value), never the document.
 */
public final class XmlCheck {
    private static final String ROOT = "hierarchy";

    /** Checks {@code in} to its end; the stream is read, never closed. */
    public ContentVerdict check(InputStream in) throws IOException {
        StrictUtf8InputStream bytes = new StrictUtf8InputStream(in);
        Handler handler = new Handler();
        try {
            XMLReader reader = newFactory().newSAXParser().getXMLReader();
            reader.setContentHandler(handler);
            reader.setErrorHandler(handler);
            reader.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external resource " + systemId + " refused");
            });
            // The parser closes what it reads; the caller's stream stays open for the rest of its pass.
            reader.parse(new InputSource(new FilterInputStream(bytes) {
                @Override
                public void close() {
                }
            }));
        } catch (StrictUtf8InputStream.MalformedUtf8Exception e) {
            return new ContentVerdict.Failed("the hierarchy is " + e.getMessage());
        } catch (SAXParseException e) {
            if (e.getCause() instanceof StrictUtf8InputStream.MalformedUtf8Exception malformed) {
                return new ContentVerdict.Failed("the hierarchy is " + malformed.getMessage());
            }
            return new ContentVerdict.Failed("the hierarchy is not well-formed XML at line " + e.getLineNumber()
                    + ", column " + e.getColumnNumber() + ": " + e.getMessage());
        } catch (SAXException e) {
            if (e.getCause() instanceof StrictUtf8InputStream.MalformedUtf8Exception malformed) {
                return new ContentVerdict.Failed("the hierarchy is " + malformed.getMessage());
            }
            return new ContentVerdict.Failed("the hierarchy is not acceptable: " + e.getMessage());
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's SAX parser refuses the secure configuration", e);
        }
        // The parser stops at the root's end tag only after reading what follows; make sure it all was read.
        bytes.drain();
        return handler.elements == 0 ? new ContentVerdict.Failed("the hierarchy has no root element")
                : new ContentVerdict.Passed();
    }

    private static SAXParserFactory newFactory() throws ParserConfigurationException, SAXException {
        SAXParserFactory factory = SAXParserFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        factory.setValidating(false);
        factory.setXIncludeAware(false);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory;
    }

    private static final class Handler extends DefaultHandler {
        private Locator locator;
        private long elements;

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes attributes)
                throws SAXException {
            if (elements++ == 0) {
                String encoding = locator instanceof Locator2 declared ? declared.getEncoding() : null;
                if (encoding != null && !encoding.equalsIgnoreCase("UTF-8")) {
                    throw new SAXException("the document is read as " + encoding + "; a hierarchy is UTF-8");
                }
                if (!ROOT.equals(localName) || !uri.isEmpty()) {
                    throw new SAXException("the root element is <" + qName + ">" + (uri.isEmpty() ? "" : " in " + uri)
                            + "; a hierarchy's root is <" + ROOT + "> in no namespace");
                }
            }
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void warning(SAXParseException e) {
            // Warnings do not decide well-formedness.
        }
    }
}
