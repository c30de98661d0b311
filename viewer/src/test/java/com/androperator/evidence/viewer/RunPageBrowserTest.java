package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.WebElement;

/**
 * {@code evidence view DIR} over a directory of bundles (issue 24 item 3), in Chromium: three real
 * captures from the simulated phone, named against their start order, and a directory of
 * bundles one level further down (an evidence root). The run page shows every bundle in start
 * order with its facts and a scaled-down thumbnail, each link opens that bundle's own page,
 * nothing comes from the network, and no bundle changes.
 */
@ExtendWith(ChromiumExtension.class)
class RunPageBrowserTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Chromium chromium;

    @TempDir
    Path temp;

    @BeforeAll
    static void browser(Chromium started) {
        chromium = started;
    }

    @Test
    void everyBundleIsShownInStartOrderWithAThumbnailAndALinkToItsOwnPage() throws IOException {
        Path run = Files.createDirectory(temp.resolve("run"));
        Bundles.capture(lab, run.resolve("zeta-first"), "First step", Map.of("originalVerdict", "passed"));
        Bundles.capture(lab, run.resolve("alpha-second"), "Second <step>", Map.of("originalVerdict", "failed"));
        Bundles.capture(lab, run.resolve("mid-third"), "Third step", Map.of());
        Map<String, String> before = files(run);

        EvidenceViewer.Outcome outcome = new EvidenceViewer().view(run.toString(), null, false);

        EvidenceViewer.Outcome.RunWritten written = (EvidenceViewer.Outcome.RunWritten) outcome;
        assertThat(written.page()).isEqualTo(temp.resolve("run.view.html").toRealPath());
        assertThat(written.summary().bundles()).isEqualTo(3);
        assertThat(written.summary().thumbnails()).isEqualTo(3);
        assertThat(written.bytes()).as("bounded: thumbnails, not screenshots").isLessThan(200_000);
        chromium.consoleProblems();
        chromium.open(written.page());
        assertThat(chromium.script("return Array.from(document.querySelectorAll('tr.bundle td.label'))"
                + ".map(e => e.textContent)")).isEqualTo(List.of("First step", "Second <step>", "Third step"));
        assertThat(chromium.script("return Array.from(document.querySelectorAll('tr.bundle td.verdict'))"
                + ".map(e => e.textContent)")).isEqualTo(List.of("passed", "failed", "not given"));
        assertThat(chromium.script("return Array.from(document.querySelectorAll('tr.bundle td.status'))"
                + ".map(e => e.textContent)")).isEqualTo(List.of("complete", "complete", "complete"));
        assertThat(chromium.script("return Array.from(document.querySelectorAll('tr.bundle img'))"
                + ".map(i => i.complete && i.naturalWidth)")).isEqualTo(List.of(160L, 160L, 160L));
        assertThat(chromium.script("return performance.getEntriesByType('resource').map(e => e.name)"
                + ".filter(n => !n.startsWith('data:'))")).as("nothing from the network").isEqualTo(List.of());
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
        chromium.screenshot("run-page");

        List<String> hrefs = chromium.findAll("a.page").stream().map(link -> link.getAttribute("href")).toList();
        assertThat(hrefs).hasSize(3);
        List<String> expected = List.of("zeta-first", "alpha-second", "mid-third");
        for (int i = 0; i < hrefs.size(); i++) {
            chromium.open(written.page());
            WebElement link = chromium.findAll("a.page").get(i);
            link.click();
            chromium.await("return document.readyState === 'complete' && !!document.getElementById('bundle-status')",
                    java.time.Duration.ofSeconds(30));
            assertThat(chromium.driver().getCurrentUrl()).endsWith("/run/" + expected.get(i) + ".view.html");
            assertThat(chromium.find("#bundle-status .v").getText()).isEqualTo("complete");
        }
        assertThat(files(run)).as("the bundles are unchanged; only their pages were added beside them")
                .containsAllEntriesOf(before).hasSize(before.size() + 3);
    }

    @Test
    void anEvidenceRootsBundlesOneLevelDownAreFoundAndExistingPagesAreKept() throws IOException {
        Path root = Files.createDirectory(temp.resolve("evidence"));
        Path bundles = Files.createDirectory(root.resolve("bundles"));
        Path bundle = Bundles.capture(lab, bundles.resolve("b-1"), "Only", Map.of());
        Path ownPage = Files.writeString(bundles.resolve("b-1.view.html"), "kept");
        Files.createSymbolicLink(bundles.resolve("linked"), bundle);

        EvidenceViewer.Outcome.RunWritten written = (EvidenceViewer.Outcome.RunWritten)
                new EvidenceViewer().view(root.toString(), null, false);

        assertThat(written.summary().bundles()).as("the link is not followed").isEqualTo(1);
        assertThat(written.summary().pagesLinked()).isEqualTo(1);
        assertThat(Files.readString(ownPage)).isEqualTo("kept");
        assertThat(Files.readString(written.page())).contains("href=\"evidence/bundles/b-1.view.html\"");
    }

    /** Every regular file under {@code directory} with its size and last-modified time. */
    private static Map<String, String> files(Path directory) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                files.put(directory.relativize(path).toString(), Files.size(path) + "@" + Files.getLastModifiedTime(path));
            }
        }
        return files;
    }
}
