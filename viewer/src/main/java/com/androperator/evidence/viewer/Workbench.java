package com.androperator.evidence.viewer;

import java.util.List;
import java.util.Map;

/**
 * The page's working area: the screenshot scaled to the view with every kept hierarchy node that has
 * {@code bounds} drawn over it as one SVG {@code rect} carrying {@code data-bounds} (the exact
 * string) in screenshot pixels (the SVG's viewBox is the screenshot geometry, so the boxes scale
 * with the image), and the collapsible node tree with search. Boxes and rows share {@code data-i}.
 */
final class Workbench {
    /** Trees up to this size start fully open; larger ones open their first levels only. */
    private static final int OPEN_ALL_UP_TO = 2_000;
    private static final int OPEN_DEPTH = 4;

    private final HtmlOut out;
    private final MediaPolicy media;

    Workbench(HtmlOut out, MediaPolicy media) {
        this.out = out;
        this.media = media;
    }

    /** What was drawn, for the summary. */
    record Drawn(long boxes, String screenshotPlacement) {
    }

    Drawn write(BundleSnapshot snapshot) {
        BundleSnapshot.Screenshot shot = snapshot.screenshot();
        HierarchyOutline outline = snapshot.hierarchy().outline();
        List<UiNode> nodes = outline == null ? List.of() : outline.nodes();
        out.raw("<main class=\"workbench\">\n<section class=\"screen\" id=\"screen\" aria-label=\"Screenshot\">");
        MediaPolicy.Placement placement = null;
        BundleSnapshot.Geometry geometry = shot.geometry();
        out.raw("<div class=\"shot\">");
        if (shot.file() != null && geometry != null) {
            placement = image(shot, geometry);
        }
        long drawn = 0;
        if (geometry != null) {
            out.raw("<svg id=\"boxes\" class=\"boxes outlines").raw(shot.file() == null ? " alone" : "")
                    .raw("\" xmlns=\"http://www.w3.org/2000/svg\" preserveAspectRatio=\"none\"")
                    .attr("viewBox", "0 0 " + geometry.width() + " " + geometry.height()).raw(">");
            if (shot.file() == null) {
                out.raw("<rect class=\"placeholder\" x=\"0\" y=\"0\"").attr("width", Long.toString(geometry.width()))
                        .attr("height", Long.toString(geometry.height())).raw("/>");
            }
            drawn = boxes(nodes);
            out.raw("</svg>");
        }
        out.raw("</div>");
        caption(shot, geometry, placement);
        out.raw("</section>\n");
        tree(snapshot.hierarchy(), nodes, drawn);
        out.raw("</main>\n");
        return new Drawn(drawn, placement == null ? "none"
                : placement instanceof MediaPolicy.Placement.Inline ? "inline" : "linked");
    }

    private MediaPolicy.Placement image(BundleSnapshot.Screenshot shot, BundleSnapshot.Geometry geometry) {
        long bytes = ((BundleFiles.Located.Found) shot.check().located()).bytes();
        MediaPolicy.Placement placement = media.place(shot.file(), bytes);
        out.raw("<img id=\"shot\"").attr("alt", "Screenshot " + shot.check().path())
                .attr("width", Long.toString(geometry.width())).attr("height", Long.toString(geometry.height()));
        if (placement instanceof MediaPolicy.Placement.Inline) {
            out.raw(" src=\"data:image/png;base64,").base64(shot.file()).raw("\"");
        } else {
            out.attr("src", ((MediaPolicy.Placement.Linked) placement).href());
        }
        out.raw(">");
        return placement;
    }

    private long boxes(List<UiNode> nodes) {
        long drawn = 0;
        for (UiNode node : nodes) {
            if (node.bounds() == null) {
                continue;
            }
            drawn++;
            out.raw("<rect class=\"b").raw(node.rect() == null ? " unplaced" : "").raw("\"")
                    .attr("data-i", Integer.toString(node.id())).attr("data-bounds", node.bounds());
            UiNode.Rect rect = node.rect();
            if (rect != null) {
                out.attr("x", Integer.toString(rect.left())).attr("y", Integer.toString(rect.top()))
                        .attr("width", Integer.toString(rect.width())).attr("height", Integer.toString(rect.height()));
            }
            out.raw("/>");
        }
        return drawn;
    }

    private void caption(BundleSnapshot.Screenshot shot, BundleSnapshot.Geometry geometry, MediaPolicy.Placement placement) {
        if (shot.file() == null) {
            out.raw("<p class=\"caption warn\" id=\"screenshot-absence\">").text(shot.absence() == null ? "" : shot.absence());
            if (geometry != null) {
                out.text(" Boxes are drawn on a blank " + geometry.width() + "x" + geometry.height() + " area from " + geometry.source() + ".");
            } else {
                out.text(" Nothing gives a screen size, so no boxes are drawn.");
            }
            out.raw("</p>");
            return;
        }
        out.raw("<p class=\"caption").raw(shot.verified() ? "" : " warn").raw("\">");
        out.text(shot.check().path());
        if (geometry != null) {
            out.text(": " + geometry.width() + "x" + geometry.height() + " screenshot pixels (" + geometry.source()
                    + "), origin top left, scaled to fit.");
        } else {
            out.text(": no geometry is known, so no boxes are drawn.");
        }
        if (!shot.verified()) {
            out.text(" Not verified: " + BundleSnapshot.describe(shot.check()) + ".");
        }
        if (placement instanceof MediaPolicy.Placement.Linked linked) {
            out.text(" Referenced, not inlined: " + linked.why() + ".");
        }
        out.raw("</p>");
    }

    private void tree(BundleSnapshot.Hierarchy hierarchy, List<UiNode> nodes, long drawn) {
        HierarchyOutline outline = hierarchy.outline();
        out.raw("<section class=\"pane\" id=\"hierarchy\" aria-label=\"Hierarchy\"><div class=\"tools\">")
                .raw("<input id=\"search\" type=\"search\" autocomplete=\"off\" placeholder=\"Search text, resource-id or content-desc\">")
                .raw("<span id=\"search-count\" aria-live=\"polite\"></span>")
                .raw("<label><input id=\"outlines\" type=\"checkbox\" checked> outline every box</label></div>");
        if (outline == null) {
            out.raw("<p class=\"tree-note bad\" id=\"hierarchy-absence\">").text(hierarchy.absence()).raw("</p>");
        } else {
            notes(hierarchy, outline, drawn);
        }
        out.raw("<div id=\"tree-scroll\"><ul class=\"tree\" id=\"tree\">");
        rows(nodes);
        out.raw("</ul></div><div id=\"detail\" aria-live=\"polite\"></div></section>\n");
    }

    private void notes(BundleSnapshot.Hierarchy hierarchy, HierarchyOutline outline, long drawn) {
        out.raw("<p class=\"tree-note\" id=\"hierarchy-summary\">").text(hierarchy.check().path() + ": " + outline.totalNodes()
                + " nodes, " + outline.totalWithBounds() + " with bounds; " + drawn + " boxes drawn.");
        if (!outline.rootAttributes().isEmpty()) {
            out.text(" Root <" + outline.rootElement() + ">");
            for (Map.Entry<String, String> attribute : outline.rootAttributes().entrySet()) {
                out.text(" " + attribute.getKey() + "=" + attribute.getValue());
            }
            out.text(".");
        }
        out.raw("</p>");
        if (!hierarchy.verified()) {
            out.raw("<p class=\"tree-note warn\">").text("Not verified: " + BundleSnapshot.describe(hierarchy.check()) + ".").raw("</p>");
        }
        if (outline.capped()) {
            out.raw("<p class=\"tree-note warn\" id=\"hierarchy-capped\">").text("Only the first " + outline.nodes().size()
                    + " of " + outline.totalNodes() + " nodes are drawn and listed (the viewer's cap is "
                    + HierarchyOutline.MAX_NODES + " nodes, " + HierarchyOutline.MAX_DEPTH + " levels); "
                    + (outline.totalWithBounds() - drawn) + " nodes with bounds are not drawn.").raw("</p>");
        }
        long unplaced = outline.nodes().stream().filter(n -> n.bounds() != null && n.rect() == null).count();
        if (unplaced > 0) {
            out.raw("<p class=\"tree-note warn\">").text(unplaced + " nodes have bounds that are not of the form [l,t][r,b];"
                    + " their boxes carry the bounds but cannot be placed.").raw("</p>");
        }
        if (outline.problem() != null) {
            out.raw("<p class=\"tree-note bad\" id=\"hierarchy-problem\">").text("Reading stopped: " + outline.problem()
                    + ". What was read before is shown.").raw("</p>");
        }
    }

    private void rows(List<UiNode> nodes) {
        boolean openAll = nodes.size() <= OPEN_ALL_UP_TO;
        int depth = -1;
        for (int i = 0; i < nodes.size(); i++) {
            UiNode node = nodes.get(i);
            for (; depth > node.depth(); depth--) {
                out.raw("</li></ul>");
            }
            if (depth == node.depth()) {
                out.raw("</li>");
            }
            boolean parent = i + 1 < nodes.size() && nodes.get(i + 1).parent() == node.id();
            if (depth < node.depth() && depth >= 0) {
                out.raw("<ul>");
            }
            depth = node.depth();
            boolean shut = parent && !openAll && node.depth() >= OPEN_DEPTH - 1;
            out.raw("<li").attr("data-i", Integer.toString(node.id()))
                    .raw(parent ? (shut ? " class=\"parent shut\"" : " class=\"parent\"") : "").raw(">");
            out.raw("<div class=\"row\"").attr("data-i", Integer.toString(node.id())).attr("title", node.attribute("class"))
                    .raw("><span class=\"tg\"></span>");
            out.element("span", "cls", node.shortClass());
            span("rid", node.attribute("resource-id"));
            span("txt", quoted(node.attribute("text")));
            span("cd", node.attribute("content-desc").isEmpty() ? "" : "desc: " + node.attribute("content-desc"));
            span("bn", node.bounds() == null ? "" : node.bounds());
            out.raw("</div>");
        }
        for (; depth > 0; depth--) {
            out.raw("</li></ul>");
        }
        if (depth == 0) {
            out.raw("</li>");
        }
    }

    private void span(String css, String value) {
        if (!value.isEmpty()) {
            out.element("span", css, value);
        }
    }

    private static String quoted(String text) {
        return text.isEmpty() ? "" : "\u201C" + text + "\u201D";
    }

    /** The per-node attributes the detail panel and search read, as a JSON array. */
    static void nodeData(HtmlOut out, List<UiNode> nodes) {
        out.raw("<script type=\"application/json\" id=\"node-data\">[");
        for (int i = 0; i < nodes.size(); i++) {
            UiNode node = nodes.get(i);
            out.raw(i == 0 ? "\n" : ",\n").raw("{\"p\":").raw(Integer.toString(node.parent())).raw(",\"e\":").json(node.element())
                    .raw(",\"a\":{");
            boolean first = true;
            for (Map.Entry<String, String> attribute : node.attributes().entrySet()) {
                out.raw(first ? "" : ",").json(attribute.getKey()).raw(":").json(attribute.getValue());
                first = false;
            }
            out.raw("}}");
        }
        out.raw("]</script>\n");
    }
}
