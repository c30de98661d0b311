package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streaming hierarchy reader: what it keeps, what it counts, and what it refuses to read. */
class HierarchyOutlineTest {
    @TempDir
    Path temp;

    private static HierarchyOutline read(String xml) {
        return HierarchyOutline.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theSampleHierarchyIsReadWholeInDocumentOrderWithExactBounds() {
        HierarchyOutline outline = HierarchyOutline.read(new ByteArrayInputStream(Bundles.sampleHierarchy()));
        assertThat(outline.problem()).isNull();
        assertThat(outline.totalNodes()).isEqualTo(587);
        assertThat(outline.totalWithBounds()).isEqualTo(587);
        assertThat(outline.nodes()).hasSize(587);
        assertThat(outline.capped()).isFalse();
        assertThat(outline.rootElement()).isEqualTo("hierarchy");
        assertThat(outline.rootAttributes()).containsEntry("rotation", "0");
        UiNode first = outline.nodes().get(0);
        assertThat(first.parent()).isEqualTo(-1);
        assertThat(first.bounds()).isEqualTo("[0,0][1080,2400]");
        assertThat(first.rect()).isEqualTo(new UiNode.Rect(0, 0, 1080, 2400));
        assertThat(first.shortClass()).isEqualTo("FrameLayout");
        for (UiNode node : outline.nodes()) {
            assertThat(node.parent()).isLessThan(node.id());
            if (node.parent() >= 0) {
                assertThat(node.depth()).isEqualTo(outline.nodes().get(node.parent()).depth() + 1);
            }
        }
    }

    @Test
    void pastTheCapNodesAreCountedNotKept() {
        StringBuilder xml = new StringBuilder("<hierarchy>");
        int total = HierarchyOutline.MAX_NODES + 2_500;
        for (int i = 0; i < total; i++) {
            xml.append("<node text=\"n").append(i).append('"').append(i % 2 == 0 ? " bounds=\"[0,0][10,10]\"" : "").append("/>");
        }
        HierarchyOutline outline = read(xml.append("</hierarchy>").toString());
        assertThat(outline.totalNodes()).isEqualTo(total);
        assertThat(outline.totalWithBounds()).isEqualTo((total + 1) / 2);
        assertThat(outline.nodes()).hasSize(HierarchyOutline.MAX_NODES);
        assertThat(outline.keptWithBounds()).isEqualTo(HierarchyOutline.MAX_NODES / 2);
        assertThat(outline.capped()).isTrue();
        assertThat(outline.problem()).isNull();
    }

    @Test
    void deeperThanTheDepthCapIsCountedNotKept() {
        int depth = HierarchyOutline.MAX_DEPTH + 10;
        String xml = "<hierarchy>" + "<node bounds=\"[0,0][1,1]\">".repeat(depth) + "</node>".repeat(depth)
                + "<node bounds=\"[0,0][2,2]\"/></hierarchy>";
        HierarchyOutline outline = read(xml);
        assertThat(outline.totalNodes()).isEqualTo(depth + 1);
        assertThat(outline.nodes()).hasSize(HierarchyOutline.MAX_DEPTH + 1);
        assertThat(outline.nodes().get(outline.nodes().size() - 1).bounds()).isEqualTo("[0,0][2,2]");
    }

    @Test
    void aDoctypeIsRefusedAndNoEntityIsEverResolved() throws IOException {
        Path secret = Files.writeString(temp.resolve("secret.txt"), "TOP-SECRET");
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE hierarchy [<!ENTITY leak SYSTEM \"" + secret.toUri() + "\">]>"
                + "<hierarchy><node text=\"&leak;\" bounds=\"[0,0][1,1]\"/></hierarchy>";
        HierarchyOutline outline = read(xml);
        assertThat(outline.problem()).contains("DOCTYPE");
        assertThat(outline.nodes()).isEmpty();
        assertThat(outline.toString()).doesNotContain("TOP-SECRET");
    }

    @Test
    void aDocumentThatBreaksKeepsWhatCameBeforeAndSaysWhere() {
        HierarchyOutline outline = read("<hierarchy>\n<node text=\"a\" bounds=\"[0,0][5,5]\"/>\n<node text=\"b\" bounds=\"[1,1]");
        assertThat(outline.nodes()).extracting(n -> n.attribute("text")).containsExactly("a");
        assertThat(outline.problem()).startsWith("not well-formed XML at line 3");
        assertThat(read("").problem()).contains("not well-formed");
        assertThat(read("<?xml version=\"1.0\"?>").problem()).isNotNull();
    }

    @Test
    void longValuesAreCutAndBoundsThatAreNotLtrbHaveNoRectangle() {
        String text = "x".repeat(HierarchyOutline.MAX_ATTRIBUTE_CHARS + 500);
        HierarchyOutline outline = read("<hierarchy><node text=\"" + text + "\" bounds=\"[0,0][1080,2400\"/>"
                + "<node bounds=\"[-5,-6][7,8]\"/><node bounds=\"" + "[1,1]".repeat(100) + "\"/></hierarchy>");
        assertThat(outline.nodes().get(0).attribute("text")).hasSize(HierarchyOutline.MAX_ATTRIBUTE_CHARS + 1).endsWith("…");
        assertThat(outline.nodes().get(0).bounds()).isEqualTo("[0,0][1080,2400");
        assertThat(outline.nodes().get(0).rect()).isNull();
        assertThat(outline.nodes().get(1).rect()).isEqualTo(new UiNode.Rect(-5, -6, 7, 8));
        assertThat(outline.nodes().get(2).bounds()).hasSize(HierarchyOutline.MAX_BOUNDS_CHARS + 1);
        assertThat(outline.nodes().get(2).rect()).isNull();
        assertThat(outline.totalWithBounds()).isEqualTo(3);
    }
}
