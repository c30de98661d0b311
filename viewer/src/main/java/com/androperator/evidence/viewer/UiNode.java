package com.androperator.evidence.viewer;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One element of a hierarchy below its root, as kept for the page: its position in the tree, its
 * attributes (each cut at {@link HierarchyOutline#MAX_ATTRIBUTE_CHARS}) and its {@code bounds}
 * exactly as written, with the rectangle they describe when they have the {@code [l,t][r,b]} form.
 */
record UiNode(int id, int parent, int depth, String element, Map<String, String> attributes, String bounds, Rect rect) {
    private static final Pattern BOUNDS = Pattern.compile("\\[(-?\\d{1,9}),(-?\\d{1,9})\\]\\[(-?\\d{1,9}),(-?\\d{1,9})\\]");

    UiNode {
        attributes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(attributes));
    }

    /** A node's rectangle in screenshot pixels, top-left origin. */
    record Rect(int left, int top, int right, int bottom) {
        int width() {
            return Math.max(0, right - left);
        }

        int height() {
            return Math.max(0, bottom - top);
        }
    }

    static Optional<Rect> parseBounds(String bounds) {
        Matcher matcher = BOUNDS.matcher(bounds);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(new Rect(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)),
                Integer.parseInt(matcher.group(3)), Integer.parseInt(matcher.group(4))));
    }

    String attribute(String name) {
        return attributes.getOrDefault(name, "");
    }

    /** The class's simple name, as people read it: {@code android.widget.TextView} is {@code TextView}. */
    String shortClass() {
        String name = attribute("class");
        if (name.isEmpty()) {
            return element;
        }
        int dot = name.lastIndexOf('.');
        return dot < 0 || dot == name.length() - 1 ? name : name.substring(dot + 1);
    }
}
