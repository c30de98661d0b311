package com.androperator.evidence.viewer;

import com.androperator.evidence.api.CaptureDependencies;
import com.androperator.evidence.api.CaptureOptions;
import com.androperator.evidence.api.EvidenceCapture;
import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.api.video.EvidenceVideo;
import com.androperator.evidence.api.video.VideoDependencies;
import com.androperator.evidence.api.video.VideoOutcome;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.capture.CaptureOutcome;
import com.androperator.evidence.domain.video.VideoStartCommand;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.Await;
import com.androperator.evidence.simulator.profile.ProfileFile;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Bundles for the viewer's tests, made as users make them: captures of the simulated phone through
 * the real adb server (in-process through the Java API), recordings through the real ffmpeg with
 * the fake scrcpy and the detached worker, and, for what no capture produces, a real bundle changed
 * afterwards. Also an independent count of the XML's nodes with bounds (DOM, not the viewer's reader).
 */
final class Bundles {
    static final String SAMPLE_HIERARCHY = "/profiles/pixel/hierarchy.xml";
    static final int WIDTH = 1080;
    static final int HEIGHT = 2400;

    private Bundles() {
    }

    static Path capture(AdbLab lab, Path bundle, String label, Map<String, Object> context) {
        CaptureOutcome outcome = EvidenceCapture.captureEvidence(CaptureOptions.builder().outputDir(bundle)
                        .deviceSerial(lab.serial()).operatorPackage(AdbLab.OPERATOR).label(label).context(context).build(),
                CaptureDependencies.builder().environment(lab.environment()).build());
        if (!(outcome instanceof CaptureOutcome.Finished)) {
            throw new AssertionError("the capture did not run: " + outcome.toResult());
        }
        return bundle;
    }

    static byte[] sampleHierarchy() {
        try (InputStream in = Bundles.class.getResourceAsStream(SAMPLE_HIERARCHY)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sample phone showing a screen drawn from {@code hierarchy}, so that its boxes sit on what they describe. */
    static void showHierarchyOnScreen(AdbLab lab, byte[] hierarchy) {
        byte[] png = screenOf(hierarchy);
        lab.phone(p -> p.toBuilder().eachDisplay(d -> d.withScreenshot(ProfileFile.inMemory("screen.png", png)))
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("hierarchy.xml", hierarchy))).build());
    }

    /** The colour an ImageView's circle has at its centre (a function of the node's position among ImageViews). */
    static Color iconColor(int ordinal) {
        float hue = 0.72f - 0.05f * (ordinal % 9);
        return Color.getHSBColor(hue, 0.55f, 0.80f);
    }

    /** A phone screen drawn from the hierarchy: a status bar, text bars for TextViews, circles for ImageViews. */
    static byte[] screenOf(byte[] hierarchy) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0xF6F2FA));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        g.setColor(new Color(0xE6DDF0));
        g.fillRect(0, 0, WIDTH, 96);
        g.setColor(new Color(0x3A3345));
        g.fillRoundRect(60, 34, 110, 30, 12, 12);
        g.fillRoundRect(880, 34, 140, 30, 12, 12);
        int icons = 0;
        for (Element node : nodes(hierarchy)) {
            int[] r = bounds(node.getAttribute("bounds"));
            if (r == null) {
                continue;
            }
            String type = node.getAttribute("class");
            int width = r[2] - r[0];
            int height = r[3] - r[1];
            if (type.endsWith("ImageView")) {
                g.setColor(iconColor(icons++));
                int d = Math.min(width, height);
                g.fillOval(r[0] + (width - d) / 2, r[1] + (height - d) / 2, d, d);
            } else if (type.endsWith("TextView") && !node.getAttribute("text").isEmpty()) {
                boolean title = node.getAttribute("resource-id").endsWith("title");
                g.setColor(title ? new Color(0x1E1B24) : new Color(0x5A5466));
                int bar = Math.max(8, (int) (height * (title ? 0.42 : 0.34)));
                int length = Math.min(width, 30 + node.getAttribute("text").length() * (title ? 26 : 20));
                g.fillRoundRect(r[0], r[1] + (height - bar) / 2, length, bar, bar / 2, bar / 2);
            } else if (node.getAttribute("clickable").equals("true") && width > WIDTH / 2) {
                g.setColor(new Color(0xE9E3F0));
                g.setStroke(new BasicStroke(2));
                g.drawLine(r[0] + 40, r[3] - 1, r[2] - 40, r[3] - 1);
            }
        }
        g.setColor(new Color(0x1E1B24));
        g.fillRoundRect(WIDTH / 2 - 180, HEIGHT - 40, 360, 12, 12, 12);
        g.dispose();
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return png.toByteArray();
    }

    /** Every element below the root, parsed with DTDs and external entities off. */
    static List<Element> nodes(byte[] xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            NodeList all = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml)).getDocumentElement()
                    .getElementsByTagName("*");
            List<Element> elements = new ArrayList<>();
            for (int i = 0; i < all.getLength(); i++) {
                elements.add((Element) all.item(i));
            }
            return elements;
        } catch (Exception e) {
            throw new IllegalStateException("the test's XML does not parse", e);
        }
    }

    /** How many nodes of the XML carry a bounds attribute: what the page must draw. */
    static long nodesWithBounds(Path xml) {
        try {
            return nodes(Files.readAllBytes(xml)).stream().filter(e -> e.hasAttribute("bounds")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int[] bounds(String bounds) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\[(-?\\d+),(-?\\d+)\\]\\[(-?\\d+),(-?\\d+)\\]").matcher(bounds);
        return m.matches() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
            Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4))} : null;
    }

    /**
     * A finished managed recording through the real ffmpeg and the fake scrcpy, folded once and back
     * (three clips of 324x720, 648x720, 324x720), in {@code bundle}; returns once its worker has exited.
     */
    static Path recording(AdbLab lab, Path work, Path bundle) {
        try {
            VideoToolbox toolbox = VideoToolbox.prepare(work);
            Path locks = work.resolve("locks");
            Files.createDirectories(locks, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Map<String, String> environment = new HashMap<>(toolbox.environment(lab.environment()));
            environment.put("TMPDIR", Files.createDirectories(work.resolve("tmp")).toString());
            environment.put("FAKE_SCRCPY_SIZES", "324x720:20,648x720:15,324x720:*");
            EvidenceVideo video = new EvidenceVideo(VideoDependencies.defaults().withEnvironment(environment)
                    .withLockDirectory(locks).withWorkingDirectory(work));
            VideoOutcome started = video.start(VideoStartCommand.builder().deviceSerial(lab.serial())
                    .operatorPackage(AdbLab.OPERATOR).outputDir(bundle.toString()).durationSeconds(3).size("324x720")
                    .label("Fold and unfold").context(Map.of("commandId", "fold-check", "originalVerdict", "passed")).build());
            if (!started.result().ok()) {
                throw new AssertionError("the recording did not start: " + started.result());
            }
            boolean terminal = Await.holdsWithin(Duration.ofSeconds(90), () -> terminal(bundle.resolve("manifest.json")));
            if (!terminal || !VideoToolbox.awaitNoProcessMentions(work, Duration.ofSeconds(60))) {
                throw new AssertionError("the recording in " + bundle + " did not finish with its worker");
            }
            return bundle;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean terminal(Path manifest) {
        try {
            return ContractJson.read(Files.readAllBytes(manifest), Manifest.class).isTerminal();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
