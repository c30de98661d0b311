package com.androperator.evidence.viewer;

import com.androperator.evidence.conformance.BundleFileOpen;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The hierarchy as the page draws it, read in one streaming pass with DTDs and external entities
 * off: the first {@link #MAX_NODES} elements below the root are kept (with at most
 * {@link #MAX_ATTRIBUTES} attributes of at most {@link #MAX_ATTRIBUTE_CHARS} characters each), the
 * rest are only counted, so memory stays bounded however large the file is. A document that stops
 * being well-formed keeps what was read before that point and says where it broke.
 *
 * @param nodes            the kept nodes in document order (a parent always precedes its children)
 * @param totalNodes       every element below the root that was read
 * @param totalWithBounds  those of them that have a {@code bounds} attribute
 * @param rootAttributes   the root element's attributes (for uiautomator, {@code rotation})
 * @param problem          why reading stopped early, or null when the whole document was read
 */
record HierarchyOutline(List<UiNode> nodes, long totalNodes, long totalWithBounds, String rootElement,
                        Map<String, String> rootAttributes, String problem) {
    static final int MAX_NODES = 10_000;
    static final int MAX_DEPTH = 256;
    static final int MAX_ATTRIBUTES = 64;
    static final int MAX_ATTRIBUTE_CHARS = 2_000;
    /** Longer bounds are no {@code [l,t][r,b]} and are cut like any attribute. */
    static final int MAX_BOUNDS_CHARS = 200;

    HierarchyOutline {
        nodes = List.copyOf(nodes);
        rootAttributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rootAttributes));
    }

    /** Whether some nodes were read but not kept. */
    boolean capped() {
        return totalNodes > nodes.size();
    }

    long keptWithBounds() {
        return nodes.stream().filter(n -> n.bounds() != null).count();
    }

    static HierarchyOutline read(Path file) {
        try (InputStream in = BundleFileOpen.open(file)) {
            return read(in);
        } catch (NoSuchFileException e) {
            return failed("the file is missing");
        } catch (IOException e) {
            return failed("the file cannot be read: " + e.getMessage());
        }
    }

    static HierarchyOutline failed(String problem) {
        return new HierarchyOutline(List.of(), 0, 0, null, Map.of(), problem);
    }

    static HierarchyOutline read(InputStream in) {
        Reading reading = new Reading();
        XMLStreamReader xml = null;
        try {
            xml = factory().createXMLStreamReader(in);
            reading.run(xml);
        } catch (XMLStreamException | RuntimeException e) {
            reading.problem = "not well-formed XML" + where(e) + ": " + message(e);
        } finally {
            if (xml != null) {
                try {
                    xml.close();
                } catch (XMLStreamException ignored) {
                    // Closing a reader that already failed says nothing new.
                }
            }
        }
        return reading.outline();
    }

    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, false);
        return factory;
    }

    private static String where(Exception e) {
        Location location = e instanceof XMLStreamException stream ? stream.getLocation() : null;
        return location == null ? "" : " at line " + location.getLineNumber() + ", column " + location.getColumnNumber();
    }

    private static String message(Exception e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        int detail = message.indexOf("Message: ");
        return detail < 0 ? message : message.substring(detail + "Message: ".length());
    }

    /** One pass over the document. */
    private static final class Reading {
        private final List<UiNode> nodes = new ArrayList<>();
        /** Kept ids of the open elements (-1 for one not kept); the root is not on it. */
        private final Deque<Integer> open = new ArrayDeque<>();
        private long total;
        private long withBounds;
        private String rootElement;
        private Map<String, String> rootAttributes = Map.of();
        private String problem;
        private boolean rootOpen;

        void run(XMLStreamReader xml) throws XMLStreamException {
            while (xml.hasNext()) {
                int event = xml.next();
                switch (event) {
                    case XMLStreamConstants.DTD -> {
                        problem = "it has a DOCTYPE, which is not read (DTDs are refused)";
                        return;
                    }
                    case XMLStreamConstants.START_ELEMENT -> start(xml);
                    case XMLStreamConstants.END_ELEMENT -> {
                        if (open.isEmpty()) {
                            rootOpen = false;
                        } else {
                            open.pop();
                        }
                    }
                    default -> {
                        // Text, comments and processing instructions are not part of the tree.
                    }
                }
            }
        }

        private void start(XMLStreamReader xml) {
            if (rootElement == null) {
                rootElement = xml.getLocalName();
                rootAttributes = attributes(xml);
                rootOpen = true;
                return;
            }
            if (!rootOpen) {
                return;
            }
            total++;
            String bounds = xml.getAttributeValue(null, "bounds");
            if (bounds != null) {
                withBounds++;
            }
            int parent = open.isEmpty() ? -1 : open.peek();
            boolean keep = nodes.size() < MAX_NODES && open.size() < MAX_DEPTH && (open.isEmpty() || parent >= 0);
            if (!keep) {
                open.push(-1);
                return;
            }
            String keptBounds = bounds == null ? null : cut(bounds, MAX_BOUNDS_CHARS);
            UiNode.Rect rect = keptBounds == null ? null : UiNode.parseBounds(keptBounds).orElse(null);
            UiNode node = new UiNode(nodes.size(), parent, open.size(), xml.getLocalName(), attributes(xml), keptBounds, rect);
            nodes.add(node);
            open.push(node.id());
        }

        private static Map<String, String> attributes(XMLStreamReader xml) {
            Map<String, String> attributes = new LinkedHashMap<>();
            int count = Math.min(xml.getAttributeCount(), MAX_ATTRIBUTES);
            for (int i = 0; i < count; i++) {
                String prefix = xml.getAttributePrefix(i);
                String name = prefix == null || prefix.isEmpty() ? xml.getAttributeLocalName(i)
                        : prefix + ":" + xml.getAttributeLocalName(i);
                attributes.put(name, cut(xml.getAttributeValue(i), MAX_ATTRIBUTE_CHARS));
            }
            return attributes;
        }

        private static String cut(String value, int max) {
            return value.length() <= max ? value : value.substring(0, max) + "…";
        }

        HierarchyOutline outline() {
            String why = problem;
            if (why == null && rootElement == null) {
                why = "it has no root element";
            }
            return new HierarchyOutline(nodes, total, withBounds, rootElement, rootAttributes, why);
        }
    }
}
