package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.conformance.Problem;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Pages of real bundles loaded from their files into Debian's chromium: a complete capture of the
 * simulated phone through the real adb server (its screen drawn from its hierarchy, so that every
 * box can be checked against the pixels under it), a partial one (the Operator fails), one whose
 * screenshot was cut mid-stream, one that no longer conforms (a file changed, a file added), a
 * folded recording made by the real ffmpeg, and one full of hostile text. Every page must load
 * with an empty console, draw one {@code data-bounds} element per node with bounds, and react to
 * clicks, hovers and searches as a person would use it.
 */
@ExtendWith(ChromiumExtension.class)
class ViewerBrowserTest {
    private static final Map<String, Object> CONTEXT = Map.of("commandId", "original-command", "originalVerdict", "failed");
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Chromium chromium;

    @TempDir
    Path temp;

    @BeforeAll
    static void browser(Chromium started) {
        chromium = started;
    }

    @BeforeEach
    void freshPhoneAndConsole() {
        chromium.consoleProblems();
    }

    @Test
    void aCompleteBundleDrawsEveryNodeOnItsPixelsAndLinksTreeAndBoxesBothWays() throws IOException {
        byte[] hierarchy = Bundles.sampleHierarchy();
        Bundles.showHierarchyOnScreen(lab, hierarchy);
        Path bundle = Bundles.capture(lab, temp.resolve("complete"), "Settings observation", CONTEXT);
        Conformance.assertConforms(bundle);
        Path page = written(bundle);
        assertThat(page).isEqualTo(temp.resolve("complete.view.html"));

        chromium.open(page);
        List<Element> nodes = Bundles.nodes(Files.readAllBytes(bundle.resolve("hierarchy.xml")));
        List<String> expectedBounds = nodes.stream().filter(e -> e.hasAttribute("bounds")).map(e -> e.getAttribute("bounds")).toList();
        assertThat(expectedBounds).hasSize(587);
        assertThat(chromium.script("return Array.from(document.querySelectorAll('[data-bounds]')).map(e => e.getAttribute('data-bounds'))"))
                .as("one element per node with bounds, carrying the exact string, in document order").isEqualTo(expectedBounds);
        assertThat(chromium.count("return document.getElementById('shot').naturalWidth")).isEqualTo(1080);
        assertThat(chromium.find("#bundle-status .v").getText()).isEqualTo("complete");
        assertThat(chromium.find("#caller-verdict .v").getText()).isEqualTo("failed");
        assertThat(chromium.findAll("#integrity")).isEmpty();
        assertThat(chromium.find("#conformance").getAttribute("class")).contains("good");
        assertThat(chromium.script("return performance.getEntriesByType('resource').map(e => e.name)"
                + ".filter(n => !n.startsWith('data:') && !n.startsWith('file:'))")).as("nothing from the network").isEqualTo(List.of());

        // Each icon's box sits on the circle drawn for it: the pixel at the box's centre has the icon's colour.
        BufferedImage screen = chromium.screenshot("complete");
        List<Integer> icons = indexes(nodes, e -> e.getAttribute("class").endsWith("ImageView"));
        int checked = 0;
        for (int ordinal = 0; ordinal < icons.size(); ordinal++) {
            double[] centre = centre(icons.get(ordinal));
            int[] bounds = Bundles.bounds(nodes.get(icons.get(ordinal)).getAttribute("bounds"));
            if (centre[1] >= screen.getHeight() - 2 || bounds[3] > Bundles.HEIGHT - 60) {
                continue;
            }
            assertThat(near(new Color(screen.getRGB((int) centre[0], (int) centre[1])), Bundles.iconColor(ordinal), 40))
                    .as("icon %d's box is drawn on its circle", ordinal).isTrue();
            checked++;
        }
        assertThat(checked).as("icons visible in the first view").isGreaterThanOrEqualTo(5);
        assertNotBlank(screen, chromium.find("#shot"));

        // Click a tree row: its box is selected; click a box: its row is selected and shown.
        int icon = icons.get(2);
        chromium.find(".row[data-i='" + icon + "'] .cls").click();
        assertThat(chromium.find("rect[data-i='" + icon + "']").getAttribute("class")).contains("sel");
        assertThat(chromium.find(".row[data-i='" + icon + "']").getAttribute("class")).contains("sel");
        assertThat(chromium.find("#detail").getText()).contains("android:id/icon").contains(nodes.get(icon).getAttribute("bounds"));
        chromium.screenshot("complete-selected");

        // Hover a box: whichever box is on top under the pointer highlights its tree row.
        int title = indexes(nodes, e -> e.getAttribute("resource-id").equals("android:id/title")).get(1);
        WebElement titleBox = chromium.find("rect[data-i='" + title + "']");
        new Actions(chromium.driver()).moveToElement(titleBox).perform();
        long onTop = chromium.count("var r = arguments[0].getBoundingClientRect();"
                + "return +document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).getAttribute('data-i')", titleBox);
        assertThat(chromium.find(".row[data-i='" + onTop + "']").getAttribute("class")).contains("hov");
        assertThat(chromium.find("rect[data-i='" + onTop + "']").getAttribute("class")).contains("hov");
        chromium.find("rect[data-i='" + onTop + "']").click();
        assertThat(chromium.find(".row[data-i='" + onTop + "']").getAttribute("class")).contains("sel");
        assertThat(chromium.find("rect[data-i='" + icon + "']").getAttribute("class")).doesNotContain("sel");

        // Search filters the tree to the matches and their ancestors, by text and by resource-id.
        for (String query : List.of("android:id/summary", "Battery", "NETWORK")) {
            search(query);
            assertThat(visibleRows()).as("rows shown for %s", query).isEqualTo(matchesWithAncestors(nodes, query));
            assertThat(chromium.count("return document.querySelectorAll('svg.searching rect.hit').length"))
                    .isEqualTo(nodes.stream().filter(e -> matches(e, query)).count());
        }
        search("");
        assertThat(visibleRows()).hasSize(nodes.size());
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void aPartialBundleShowsTheScreenshotAndExplainsTheFailedHierarchyWithItsCode() throws IOException {
        lab.phone(p -> p.toBuilder().operator(op -> op.withBehavior(OperatorBehavior.FAILED)).build());
        Path bundle = Bundles.capture(lab, temp.resolve("partial"), "Operator fails", CONTEXT);
        Conformance.assertConforms(bundle);

        chromium.open(written(bundle));
        assertThat(chromium.find("#bundle-status .v").getText()).isEqualTo("partial");
        assertThat(chromium.find("#caller-verdict .v").getText()).isEqualTo("failed");
        assertThat(chromium.find("#hierarchy-absence").getText()).contains("Hierarchy failed").contains("UI_TREE_UNAVAILABLE");
        assertThat(chromium.find("#errors").getText()).contains("UI_TREE_UNAVAILABLE").contains("hierarchy");
        assertThat(chromium.count("return document.querySelectorAll('[data-bounds]').length")).isZero();
        assertThat(chromium.count("return document.getElementById('shot').naturalWidth")).isEqualTo(1080);
        assertNotBlank(chromium.screenshot("partial"), chromium.find("#shot"));
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void aFailedScreenshotLeavesTheHierarchysBoxesOnABlankScreenOfTheDisplaysSize() throws IOException {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.fail(1, "screencap: permission denied")).build());
        Path bundle = Bundles.capture(lab, temp.resolve("no-screenshot"), "No screenshot", CONTEXT);
        Conformance.assertConforms(bundle);

        chromium.open(written(bundle));
        assertThat(chromium.find("#bundle-status .v").getText()).isEqualTo("partial");
        assertThat(chromium.findAll("#shot")).isEmpty();
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        Artifact screenshot = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.SCREENSHOT).findFirst().orElseThrow();
        assertThat(screenshot.status()).isNotEqualTo(ArtifactStatus.COMPLETE);
        assertThat(chromium.find("#screenshot-absence").getText()).contains("Screenshot " + screenshot.status().wire())
                .contains(screenshot.error().code()).contains("device.display");
        assertThat(chromium.script("return document.getElementById('boxes').getAttribute('viewBox')")).isEqualTo("0 0 1080 2400");
        assertThat(chromium.count("return document.querySelectorAll('[data-bounds]').length"))
                .isEqualTo(Bundles.nodesWithBounds(bundle.resolve("hierarchy.xml")));
        assertThat(chromium.find("#boxes").getRect().getHeight()).as("the blank screen is laid out").isGreaterThan(400);
        chromium.screenshot("no-screenshot");
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void aScreenshotCutMidStreamIsShownAsTheRetainedPartialFileMarkedUnverified() throws IOException {
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(300_000)).build());
        Path bundle = Bundles.capture(lab, temp.resolve("cut"), "Cut screenshot", CONTEXT);
        Conformance.assertConforms(bundle);

        chromium.open(written(bundle));
        assertThat(chromium.find("#shot").getAttribute("alt")).contains("screenshot.partial.png");
        assertThat(chromium.find("#screen .caption").getText()).contains("Not verified").contains("the PNG header")
                .contains("Screenshot partial");
        assertThat(chromium.find("#artifacts").getText()).contains("screenshot.partial.png");
        chromium.screenshot("cut-screenshot");
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void aBundleThatNoLongerConformsShowsTheMismatchInRedAndTheVerifiersProblems() throws IOException {
        Path original = Bundles.capture(lab, temp.resolve("original"), "Changed afterwards", CONTEXT);
        Path bundle = Files.createDirectory(temp.resolve("changed"));
        try (var files = Files.list(original)) {
            for (Path file : files.toList()) {
                Files.copy(file, bundle.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        Path xml = bundle.resolve("hierarchy.xml");
        Files.writeString(xml, Files.readString(xml).replace("Network &amp; internet", "Network &amp; internet!"));
        Files.writeString(bundle.resolve("notes.txt"), "added later");
        List<Problem> problems = new BundleVerifier().verify(bundle).problems();
        assertThat(problems).isNotEmpty();

        chromium.open(written(bundle));
        WebElement integrity = chromium.find("#integrity");
        assertThat(integrity.getAttribute("class")).contains("bad");
        assertThat(integrity.getText()).contains("hierarchy.xml differs from the manifest").contains("sha256");
        assertThat(integrity.getCssValue("background-color")).isEqualTo("rgba(253, 231, 231, 1)");
        assertThat(chromium.find("tr[data-path='hierarchy.xml']").getAttribute("class")).contains("bad");
        assertThat(chromium.find("tr[data-path='screenshot.png']").getAttribute("class")).isNullOrEmpty();
        assertThat(chromium.find("#conformance").getText()).contains("Does not conform: " + problems.size());
        List<String> shown = chromium.findAll("#problems tr.problem").stream().map(WebElement::getText).toList();
        assertThat(shown).hasSize(problems.size());
        for (int i = 0; i < problems.size(); i++) {
            assertThat(shown.get(i)).contains(problems.get(i).code()).contains(problems.get(i).path());
        }
        assertThat(chromium.find("#files").getText()).contains("notes.txt");
        chromium.screenshot("not-conforming");
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void aFoldedRecordingPlaysEveryClipInManifestOrderWithItsSpan() throws IOException {
        Path bundle = Bundles.recording(lab, Files.createDirectory(temp.resolve("work")), temp.resolve("recording"));
        Conformance.assertConforms(bundle);

        chromium.open(written(bundle));
        assertThat(chromium.find("#bundle-status .v").getText()).isEqualTo("complete");
        assertThat(chromium.find("#caller-verdict .v").getText()).isEqualTo("passed");
        List<WebElement> clips = chromium.findAll("figure.clip");
        assertThat(clips).extracting(c -> c.getAttribute("data-path")).containsExactly("video.mp4", "video-0002.mp4", "video-0003.mp4");
        for (int i = 1; i <= 3; i++) {
            String video = "document.getElementById('clip-" + i + "')";
            assertThat(chromium.await("return " + video + ".readyState >= 2 && " + video + ".duration > 0", Duration.ofSeconds(30)))
                    .as("clip %d has loaded its first frame and knows its duration", i).isTrue();
            assertThat(chromium.script("return " + video + ".error")).isNull();
        }
        assertThat(chromium.count("return document.getElementById('clip-2').videoWidth")).isEqualTo(648);
        chromium.script("document.getElementById('clip-1').play()");
        assertThat(chromium.await("return document.getElementById('clip-1').currentTime > 0", Duration.ofSeconds(30)))
                .as("the first clip plays").isTrue();
        assertThat(clips.get(0).getText()).contains("Source span 0").contains("20 source frames").contains("324x720");
        assertThat(clips.get(1).getText()).contains("15 source frames").contains("648x720");
        assertThat(clips.get(2).getText()).contains("Source span").contains("324x720").doesNotContain("names no span");
        assertThat(chromium.find("#video").getText()).contains("Requested size 324x720");
        chromium.script("document.getElementById('video').scrollIntoView()");
        chromium.screenshot("recording");
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void hostileTextInTheLabelContextAndHierarchyIsShownAsTextAndNeverRunsOrAddsMarkup() throws IOException {
        String label = "<img src=x onerror=\"window.pwned=1\"> & </title><script>window.pwned=2</script>";
        Map<String, Object> context = Map.of("originalVerdict", "</span><script>window.pwned=3</script>",
                "note", "</pre><h1 id=\"injected\">x</h1>\u2028'\"");
        String text = "</script><script>window.pwned=4</script>";
        String resourceId = "\"><svg onload=\"window.pwned=5\"></svg>";
        String description = "<b id=\"bold\">bold</b> &amp; \"quotes\" 'single'";
        String xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
                + "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2400]\">"
                + "<node index=\"0\" text=\"" + xmlEscape(text) + "\" resource-id=\"" + xmlEscape(resourceId)
                + "\" class=\"&lt;Hostile&gt;.View\" content-desc=\"" + xmlEscape(description) + "\" bounds=\"[63,713][170,820]\"/>"
                + "</node></hierarchy>";
        lab.phone(p -> p.toBuilder().operator(op -> op.withHierarchy(
                com.androperator.evidence.simulator.profile.ProfileFile.inMemory("hierarchy.xml", xml.getBytes(StandardCharsets.UTF_8))))
                .build());
        Path bundle = Bundles.capture(lab, temp.resolve("hostile"), label, context);
        Conformance.assertConforms(bundle);
        Path page = written(bundle);

        chromium.open(page);
        assertThat(chromium.script("return window.pwned === undefined")).isEqualTo(true);
        assertThat(chromium.count("return document.scripts.length")).as("the page's data block and script only").isEqualTo(2);
        assertThat(chromium.count("return document.querySelectorAll('img').length")).as("the screenshot only").isEqualTo(1);
        assertThat(chromium.findAll("#injected, #bold, body svg svg")).isEmpty();
        assertThat(chromium.find("h1").getText()).isEqualTo(label);
        assertThat(chromium.script("return document.title")).isEqualTo("Evidence " + label + " — complete");
        assertThat(chromium.find("#caller-verdict .v").getText()).isEqualTo(context.get("originalVerdict"));
        assertThat(chromium.find("#context").getText()).contains("</pre><h1 id=\\\"injected\\\">x</h1>");
        assertThat(chromium.find(".row[data-i='1'] .txt").getText()).isEqualTo("\u201C" + text + "\u201D");
        assertThat(chromium.find(".row[data-i='1'] .rid").getText()).isEqualTo(resourceId);
        assertThat(chromium.find(".row[data-i='1'] .cd").getText()).isEqualTo("desc: " + description);
        assertThat(chromium.count("return document.querySelectorAll('[data-bounds]').length")).isEqualTo(2);
        chromium.find(".row[data-i='1'] .cls").click();
        assertThat(chromium.find("#detail").getText()).contains(text).contains(resourceId).contains(description);
        search("pwned=4");
        assertThat(visibleRows()).containsExactly(0, 1);
        assertThat(chromium.script("return window.pwned === undefined")).isEqualTo(true);
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
        String html = Files.readString(page);
        assertThat(html).doesNotContain("<script>window.pwned").doesNotContain("<img src=x").doesNotContain("<svg onload");
    }

    // ---- helpers ----------------------------------------------------------------------------

    private static Path written(Path bundle) {
        EvidenceViewer.Outcome outcome = new EvidenceViewer().view(bundle.toString(), null, false);
        assertThat(outcome).as("%s", outcome).isInstanceOf(EvidenceViewer.Outcome.Written.class);
        return ((EvidenceViewer.Outcome.Written) outcome).page();
    }

    private static String xmlEscape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static void search(String query) {
        WebElement box = chromium.find("#search");
        box.clear();
        if (query.isEmpty()) {
            chromium.script("arguments[0].dispatchEvent(new Event('input'))", box);
        } else {
            box.sendKeys(query);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> visibleRows() {
        List<Object> shown = (List<Object>) chromium.script("return Array.from(document.querySelectorAll('#tree .row'))"
                + ".filter(r => r.offsetParent !== null || r.closest('li.gone') === null && !r.closest('li.shut li'))"
                + ".filter(r => r.closest('li.gone') === null).map(r => +r.getAttribute('data-i'))");
        List<Integer> rows = new ArrayList<>();
        for (Object row : shown) {
            rows.add(((Number) row).intValue());
        }
        return rows;
    }

    private static boolean matches(Element node, String query) {
        String q = query.toLowerCase(Locale.ROOT);
        return List.of("text", "resource-id", "content-desc").stream()
                .anyMatch(name -> node.getAttribute(name).toLowerCase(Locale.ROOT).contains(q));
    }

    /** Indexes (document order) of the matching nodes and all their ancestors below the root, computed from the XML. */
    private static List<Integer> matchesWithAncestors(List<Element> nodes, String query) {
        Set<Node> keep = new HashSet<>();
        for (Element node : nodes) {
            if (matches(node, query)) {
                for (Node n = node; n != null && n.getParentNode() != null && n.getParentNode().getNodeType() == Node.ELEMENT_NODE;
                     n = n.getParentNode()) {
                    keep.add(n);
                }
            }
        }
        Set<Integer> indexes = new LinkedHashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (keep.contains(nodes.get(i))) {
                indexes.add(i);
            }
        }
        return List.copyOf(indexes);
    }

    private static List<Integer> indexes(List<Element> nodes, java.util.function.Predicate<Element> test) {
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            if (test.test(nodes.get(i))) {
                indexes.add(i);
            }
        }
        return indexes;
    }

    /** The centre of box {@code i} in viewport pixels (device pixel ratio applied). */
    @SuppressWarnings("unchecked")
    private static double[] centre(int i) {
        List<Number> xy = (List<Number>) chromium.script("var r = document.querySelector(\"rect[data-i='\" + arguments[0] + \"']\")"
                + ".getBoundingClientRect(); var k = window.devicePixelRatio;"
                + "return [(r.x + r.width / 2) * k, (r.y + r.height / 2) * k]", i);
        return new double[] {xy.get(0).doubleValue(), xy.get(1).doubleValue()};
    }

    private static boolean near(Color actual, Color expected, int tolerance) {
        return Math.abs(actual.getRed() - expected.getRed()) <= tolerance && Math.abs(actual.getGreen() - expected.getGreen()) <= tolerance
                && Math.abs(actual.getBlue() - expected.getBlue()) <= tolerance;
    }

    /** The screenshot region of the page holds an image: many colours, not one flat fill. */
    private static void assertNotBlank(BufferedImage screen, WebElement image) {
        org.openqa.selenium.Rectangle r = image.getRect();
        Set<Integer> colours = new HashSet<>();
        int bottom = Math.min(r.getY() + r.getHeight(), screen.getHeight());
        for (int y = Math.max(0, r.getY()); y < bottom; y += 3) {
            for (int x = Math.max(0, r.getX()); x < Math.min(r.getX() + r.getWidth(), screen.getWidth()); x += 3) {
                colours.add(screen.getRGB(x, y) & 0xffffff);
            }
        }
        assertThat(r.getWidth()).as("the screenshot is laid out").isGreaterThan(200);
        assertThat(colours.size()).as("distinct colours in the screenshot's region").isGreaterThan(20);
    }
}
