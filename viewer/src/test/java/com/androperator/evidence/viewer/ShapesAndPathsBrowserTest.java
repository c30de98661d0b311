package com.androperator.evidence.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.media.video.RealFfmpeg;
import com.androperator.evidence.conformance.BundleVerifier;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.simulator.lab.PrivateAdbLab;
import com.androperator.evidence.simulator.profile.ProfileFile;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.WebElement;

/**
 * What the viewer must read tolerantly and what it must refuse to read: a video bundle in the
 * reference tool's shapes (captures.json an array whose video record lists {@code segments},
 * sizes as {@code "WxH"}, no media properties on the artifacts) with real MP4 clips made by ffmpeg
 * 6.1.1; a manifest that names files outside the bundle and through a symbolic link; and a real
 * capture whose screenshot is too large to inline, referenced relative to the page instead.
 */
@ExtendWith(ChromiumExtension.class)
class ShapesAndPathsBrowserTest {
    private static Chromium chromium;

    @TempDir
    Path temp;

    @BeforeAll
    static void browser(Chromium started) {
        chromium = started;
    }

    @Test
    void aVideoBundleInTheReferenceShapesPlaysItsClipsWithTheirSegments() throws Exception {
        Path bundle = Files.createDirectory(temp.resolve("reference-video"));
        clip(bundle.resolve("video.mp4"), "324x720", 30);
        clip(bundle.resolve("video-0002.mp4"), "648x720", 15);
        Files.writeString(bundle.resolve("encoder.stderr.txt"), "INFO: Recording started to mkv file\n");
        String captures = "[{\"kind\":\"video\",\"source\":\"scrcpy\",\"sessionId\":\"s-1\",\"exitCode\":0,\"stopSent\":true,"
                + "\"videoVerified\":true,\"segments\":["
                + "{\"path\":\"video.mp4\",\"start\":0,\"end\":1.0,\"width\":324,\"height\":720,\"frames\":30,\"codec\":\"h264\","
                + "\"actualSize\":\"324x720\",\"mediaDurationMs\":1000.0},"
                + "{\"path\":\"video-0002.mp4\",\"start\":1.033,\"width\":648,\"height\":720,\"frames\":15,\"codec\":\"h264\","
                + "\"actualSize\":\"648x720\",\"mediaDurationMs\":500.0}],\"errors\":[]}]";
        Files.writeString(bundle.resolve("captures.json"), captures);
        String manifest = "{\"schemaVersion\":1,\"evidenceId\":\"s-1\",\"label\":\"Reference shapes\","
                + "\"context\":{\"originalVerdict\":\"failed\",\"ratio\":1.0e0},\"device\":{\"serial\":\"emulator-5554\"},"
                + "\"startedAt\":\"2026-11-30T10:00:00.000Z\",\"finishedAt\":\"2026-11-30T10:00:03.250Z\","
                + "\"video\":{\"requestedDurationSeconds\":3,\"hostDurationMs\":3012.75,\"mediaDurationMs\":1500.0,"
                + "\"requestedSize\":\"324x720\",\"actualSize\":null,\"codec\":\"h264\",\"stopReason\":\"requested\"},"
                + "\"status\":\"complete\",\"artifacts\":[" + artifact(bundle, "video", "video.mp4", "video/mp4") + ","
                + artifact(bundle, "video", "video-0002.mp4", "video/mp4") + ","
                + artifact(bundle, "encoder_stderr", "encoder.stderr.txt", "text/plain") + ","
                + artifact(bundle, "capture_envelopes", "captures.json", "application/json") + "],\"errors\":[]}";
        Files.writeString(bundle.resolve("manifest.json"), manifest);
        int problems = new BundleVerifier().verify(bundle).problems().size();

        chromium.open(written(bundle));
        assertThat(chromium.find("#caller-verdict .v").getText()).isEqualTo("failed");
        assertThat(chromium.find("#context").getText()).contains("\"ratio\": 1.0e0");
        assertThat(chromium.find("#video").getText()).contains("Requested size 324x720").contains("hostDurationMs").contains("3012.75");
        List<WebElement> clips = chromium.findAll("figure.clip");
        assertThat(clips).extracting(c -> c.getAttribute("data-path")).containsExactly("video.mp4", "video-0002.mp4");
        assertThat(clips.get(0).getText()).contains("h264 · 324x720 · 1000.0 ms").contains("Source span 0 s to 1.0 s, 30 source frames");
        assertThat(clips.get(1).getText()).contains("648x720").contains("Source span 1.033 s to the end, 15 source frames");
        for (int i = 1; i <= 2; i++) {
            String video = "document.getElementById('clip-" + i + "')";
            assertThat(chromium.await("return " + video + ".readyState >= 2 && " + video + ".duration > 0", Duration.ofSeconds(30)))
                    .as("clip %d plays", i).isTrue();
        }
        assertThat(chromium.find("#captures").getText()).contains("video · scrcpy").contains("Recording started");
        String conformance = chromium.find("#conformance").getText();
        assertThat(conformance).contains(problems == 0 ? "Conforms" : "Does not conform: " + problems);
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void namesOutsideTheBundleOrThroughALinkAreNeverReadAndAreShownAsIntegrityFailures() throws Exception {
        Path secret = temp.resolve("secret.png");
        Files.write(secret, Bundles.screenOf(Bundles.sampleHierarchy()));
        Path bundle = Files.createDirectory(temp.resolve("escaping"));
        Files.createSymbolicLink(bundle.resolve("screenshot.png"), secret);
        String manifest = "{\"schemaVersion\":1,\"evidenceId\":\"e-1\",\"label\":null,\"context\":{},\"device\":{},"
                + "\"startedAt\":\"2026-11-30T10:00:00.000Z\",\"finishedAt\":\"2026-11-30T10:00:01.000Z\",\"status\":\"complete\","
                + "\"artifacts\":["
                + "{\"kind\":\"screenshot\",\"path\":\"screenshot.png\",\"mimeType\":\"image/png\",\"status\":\"complete\",\"bytes\":1,"
                + "\"sha256\":\"00\",\"image\":{\"captureWidthPx\":1080,\"captureHeightPx\":2400}},"
                + "{\"kind\":\"hierarchy\",\"path\":\"../secret.png\",\"mimeType\":\"application/xml\",\"status\":\"complete\"},"
                + "{\"kind\":\"video\",\"path\":\"" + secret + "\",\"mimeType\":\"video/mp4\",\"status\":\"complete\"}],"
                + "\"errors\":[]}";
        Files.writeString(bundle.resolve("manifest.json"), manifest);

        Path page = written(bundle);
        String html = Files.readString(page, StandardCharsets.UTF_8);
        String secretBase64 = Base64.getEncoder().encodeToString(Files.readAllBytes(secret)).substring(0, 64);
        assertThat(html).as("the outside file is not embedded").doesNotContain(secretBase64);
        chromium.open(page);
        String integrity = chromium.find("#integrity").getText();
        assertThat(integrity).contains("3 artifacts do not match")
                .contains("screenshot.png: a symbolic link, not followed")
                .contains("../secret.png: not a bundle-relative name")
                .contains(secret + ": not a bundle-relative name");
        assertThat(chromium.findAll("#shot, video")).isEmpty();
        assertThat(chromium.find("h1").getText()).isEqualTo("(no label)");
        assertThat(chromium.find("#caller-verdict .v").getText()).isEqualTo("not given");
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    @Test
    void aScreenshotTooLargeToInlineIsReferencedRelativeToThePageAndStillShown() throws Exception {
        int width = 2700;
        int height = 6000;
        BufferedImage noise = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        SplittableRandom random = new SplittableRandom(13);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                noise.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(noise, "png", png);
        assertThat((long) png.size()).isGreaterThan(MediaPolicy.INLINE_MAX_FILE_BYTES);
        Path bundle;
        try (PrivateAdbLab lab = PrivateAdbLab.withSamplePhone()) {
            lab.phone(p -> p.toBuilder().eachDisplay(d -> d.withScreenshot(ProfileFile.inMemory("big.png", png.toByteArray()))).build());
            bundle = Bundles.capture(lab, temp.resolve("big screenshot #1"), "Large screenshot", Map.of());
        }
        Conformance.assertConforms(bundle);

        Path page = written(bundle);
        String html = Files.readString(page, StandardCharsets.UTF_8);
        assertThat(html).contains("src=\"./big%20screenshot%20%231/screenshot.png\"").doesNotContain("data:image/png");
        assertThat(Files.size(page)).isLessThan(1024 * 1024);
        chromium.open(page);
        assertThat(chromium.await("return document.getElementById('shot').complete", Duration.ofSeconds(30))).isTrue();
        assertThat(chromium.count("return document.getElementById('shot').naturalWidth")).isEqualTo(width);
        assertThat(chromium.find("#screen .caption").getText()).contains("Referenced, not inlined").contains("16.0 MiB inline limit");
        assertThat(chromium.consoleProblems()).as("browser console").isEmpty();
    }

    private static Path written(Path bundle) {
        EvidenceViewer.Outcome outcome = new EvidenceViewer().view(bundle.toString(), null, false);
        assertThat(outcome).as("%s", outcome).isInstanceOf(EvidenceViewer.Outcome.Written.class);
        return ((EvidenceViewer.Outcome.Written) outcome).page();
    }

    /** A real H.264 MP4 made by ffmpeg 6.1.1 from its test pattern. */
    private static void clip(Path file, String size, int frames) throws IOException, InterruptedException {
        Process ffmpeg = new ProcessBuilder(RealFfmpeg.ffmpeg().toString(), "-v", "error", "-f", "lavfi", "-i",
                "testsrc=size=" + size + ":rate=30", "-frames:v", Integer.toString(frames), "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "-threads", "2", file.toString()).redirectErrorStream(true).start();
        String output = new String(ffmpeg.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ffmpeg.waitFor()).as(output).isZero();
    }

    private static String artifact(Path bundle, String kind, String path, String mimeType) throws Exception {
        byte[] bytes = Files.readAllBytes(bundle.resolve(path));
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        return "{\"kind\":\"" + kind + "\",\"path\":\"" + path + "\",\"mimeType\":\"" + mimeType + "\",\"status\":\"complete\","
                + "\"bytes\":" + bytes.length + ",\"sha256\":\"" + sha + "\",\"startedAt\":\"2026-11-30T10:00:00.000Z\","
                + "\"finishedAt\":\"2026-11-30T10:00:03.000Z\",\"durationMs\":3000.5}";
    }
}
