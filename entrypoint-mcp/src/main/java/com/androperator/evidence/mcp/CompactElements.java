package com.androperator.evidence.mcp;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A hierarchy's meaningful nodes as a short list for a model, read in one streaming pass (StAX,
 * no DTD, no external entities), so a hierarchy of any size costs bounded memory: a node is kept
 * when it has text, a content-desc or a resource-id, or can be clicked, checked or scrolled, and
 * its bounds enclose some area. Bounds stay as the hierarchy gives them, in screenshot pixels;
 * the centre is the tap point. At most {@value #MAX_NODES} nodes and {@value #MAX_CHARACTERS}
 * characters of strings (about 20k tokens) are kept; the rest are counted with the reason.
 *
 * @param elements     the kept nodes in document order
 * @param nodes        every node element read
 * @param notMeaningful nodes left out: nothing to read or act on, or no area on screen
 * @param overLimit    meaningful nodes left out after {@value #MAX_NODES} were kept, or past the character budget
 * @param problem      why reading stopped before the end, or null
 */
record CompactElements(List<Map<String, Object>> elements, long nodes, long notMeaningful, long overLimit,
                       String problem) {
    static final int MAX_NODES = 300;
    static final int MAX_CHARACTERS = 60_000;
    /** Each string is cut here; a longer text is rarely what a tap is aimed at. */
    static final int MAX_STRING = 120;
    private static final Pattern BOUNDS = Pattern.compile("\\[(-?\\d{1,7}),(-?\\d{1,7})\\]\\[(-?\\d{1,7}),(-?\\d{1,7})\\]");
    private static final List<String> FLAGS = List.of("clickable", "checkable", "checked", "enabled", "focused",
            "scrollable");

    CompactElements {
        elements = List.copyOf(elements);
        if (elements.size() > MAX_NODES || nodes < 0 || notMeaningful < 0 || overLimit < 0) {
            throw new IllegalArgumentException("at most " + MAX_NODES + " elements, and counts of at least 0");
        }
    }

    static CompactElements read(InputStream in) {
        Reading reading = new Reading();
        try {
            XMLStreamReader xml = factory().createXMLStreamReader(in);
            try {
                reading.run(xml);
            } finally {
                xml.close();
            }
        } catch (XMLStreamException | RuntimeException e) {
            reading.problem = "the hierarchy is not well-formed XML after " + reading.nodes + " nodes: "
                    + Excerpt.of(String.valueOf(e.getMessage()), 200);
        }
        return new CompactElements(reading.kept, reading.nodes, reading.notMeaningful, reading.overLimit, reading.problem);
    }

    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        return factory;
    }

    /** One pass; only counters and the kept nodes live longer than one element. */
    private static final class Reading {
        private final List<Map<String, Object>> kept = new ArrayList<>();
        private long nodes;
        private long notMeaningful;
        private long overLimit;
        private long characters;
        private String problem;

        void run(XMLStreamReader xml) throws XMLStreamException {
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.DTD) {
                    problem = "the hierarchy has a DOCTYPE, which is not read";
                    return;
                }
                if (event == XMLStreamConstants.START_ELEMENT && "node".equals(xml.getLocalName())) {
                    nodes++;
                    consider(xml);
                }
            }
        }

        private void consider(XMLStreamReader xml) {
            Map<String, Object> element = element(xml);
            if (element == null) {
                notMeaningful++;
                return;
            }
            int size = element.toString().length();
            if (kept.size() == MAX_NODES || characters + size > MAX_CHARACTERS) {
                overLimit++;
                return;
            }
            characters += size;
            kept.add(element);
        }

        /** The node as a compact element, or null when it is not meaningful. */
        private static Map<String, Object> element(XMLStreamReader xml) {
            Matcher bounds = BOUNDS.matcher(attribute(xml, "bounds"));
            if (!bounds.matches()) {
                return null;
            }
            int left = Integer.parseInt(bounds.group(1));
            int top = Integer.parseInt(bounds.group(2));
            int right = Integer.parseInt(bounds.group(3));
            int bottom = Integer.parseInt(bounds.group(4));
            List<String> flags = FLAGS.stream().filter(flag -> "true".equals(attribute(xml, flag))).toList();
            String text = attribute(xml, "text");
            String description = attribute(xml, "content-desc");
            String resourceId = attribute(xml, "resource-id");
            boolean actionable = flags.contains("clickable") || flags.contains("checkable") || flags.contains("scrollable");
            if (right <= left || bottom <= top || (!actionable && text.isEmpty() && description.isEmpty()
                    && resourceId.isEmpty())) {
                return null;
            }
            Map<String, Object> element = new LinkedHashMap<>();
            put(element, "text", text);
            put(element, "contentDesc", description);
            put(element, "resourceId", resourceId);
            put(element, "class", shortClass(attribute(xml, "class")));
            element.put("flags", flags);
            element.put("bounds", "[" + left + "," + top + "][" + right + "," + bottom + "]");
            element.put("center", List.of((left + right) / 2, (top + bottom) / 2));
            return element;
        }

        private static void put(Map<String, Object> element, String name, String value) {
            if (!value.isEmpty()) {
                // Cut between code points, so that no surrogate pair is split.
                element.put(name, value.codePointCount(0, value.length()) > MAX_STRING
                        ? value.substring(0, value.offsetByCodePoints(0, MAX_STRING)) + "…" : value);
            }
        }

        private static String attribute(XMLStreamReader xml, String name) {
            String value = xml.getAttributeValue(null, name);
            return value == null ? "" : value;
        }

        private static String shortClass(String name) {
            int dot = name.lastIndexOf('.');
            return dot < 0 || dot == name.length() - 1 ? name : name.substring(dot + 1);
        }
    }
}
