package com.androperator.evidence.mcp;

import static com.androperator.evidence.mcp.TypeScriptMcpClient.list;
import static com.androperator.evidence.mcp.TypeScriptMcpClient.map;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.profile.ServiceFault;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 23 through the official TypeScript SDK client and a real server process on the simulated
 * Pixel (1080x2400): a capture's results link to its files, the links are read as resources
 * (bytes and sha256 as the manifest says), resources list and page newest first, and
 * evidence_inspect shows the screen scaled for a model with elements in screenshot pixels. Hostile
 * URIs, planted links, a 64 MiB screenshot and a 50 MB hierarchy are answered without leaving the
 * evidence root, by a server with a 256 MiB heap.
 */
class McpEvidenceResourcesTest {
    private static final int ONE_MB = 1_000_000;

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static TypeScriptMcpClient client;
    private static final List<Path> temporary = new ArrayList<>();

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        client = TypeScriptMcpClient.installed();
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            if (lab != null) {
            }
        } finally {
            for (Path directory : temporary) {
                VideoToolbox.deleteTree(directory);
            }
        }
    }

    @Test
    void anAgentCapturesFollowsALinkAndSeesTheScreenWithATapPoint() throws Exception {
        Path root = directory("mcp-resources-root-");
        Map<String, Object> report = run(root, List.of(
                step("capture", "evidence_capture", Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR)),
                resource("screenshot", "resources/read", Map.of("uri", "${link:capture:screenshot.png}")),
                resource("templates", "resources/templates/list", Map.of()),
                resource("listed", "resources/list", Map.of()),
                step("inspect", "evidence_inspect", Map.of("evidenceId", "${capture.evidenceId}"))));

        assertThat(map(report.get("capabilities"))).containsKey("resources");
        List<Map<String, Object>> outcomes = list(report.get("steps"));
        Map<String, Object> capture = outcome(outcomes, "capture");
        Map<String, Object> structured = map(capture.get("structuredContent"));
        assertThat(structured).containsEntry("status", "complete");
        // The JSON text block is still exactly the structured result; the links come after it.
        assertThat(capture.get("text")).isEqualTo(List.of(ContractJson.toJson(structured)));
        String evidenceId = (String) structured.get("evidenceId");
        Path bundle = root.resolve("bundles").resolve(evidenceId);
        List<Map<String, Object>> links = list(capture.get("links"));
        assertThat(links).extracting(link -> link.get("name"))
                .containsExactly("manifest.json", "captures.json", "hierarchy.xml", "screenshot.png");
        for (Map<String, Object> link : links) {
            Path file = bundle.resolve((String) link.get("name"));
            assertThat(link.get("uri")).isEqualTo("evidence://bundles/" + evidenceId + "/" + link.get("name"));
            assertThat(((Number) link.get("size")).longValue()).isEqualTo(Files.size(file));
        }

        Map<String, Object> read = map(list(map(outcome(outcomes, "screenshot").get("result")).get("contents")).get(0));
        assertThat(read).containsEntry("mimeType", "image/png");
        byte[] bytes = Base64.getDecoder().decode((String) read.get("blob"));
        assertThat(bytes).isEqualTo(Files.readAllBytes(bundle.resolve("screenshot.png")));
        Manifest manifest = ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        Artifact screenshot = manifest.artifacts().stream().filter(a -> a.kind() == ArtifactKind.SCREENSHOT)
                .findFirst().orElseThrow();
        assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)))
                .isEqualTo(screenshot.sha256());

        List<Map<String, Object>> templates = list(map(outcome(outcomes, "templates").get("result")).get("resourceTemplates"));
        assertThat(templates).extracting(t -> t.get("uriTemplate")).containsExactly("evidence://bundles/{evidenceId}/{file}");
        List<Map<String, Object>> resources = list(map(outcome(outcomes, "listed").get("result")).get("resources"));
        assertThat(resources).extracting(r -> r.get("uri")).contains("evidence://bundles/" + evidenceId + "/screenshot.png");

        Map<String, Object> inspect = outcome(outcomes, "inspect");
        assertThat(inspect.get("validated")).as("%s", inspect.get("error")).isEqualTo(true);
        Map<String, Object> seen = map(inspect.get("structuredContent"));
        Map<String, Object> shown = map(seen.get("screenshot"));
        assertThat(shown).containsEntry("state", "shown").containsEntry("captureWidthPx", 1080)
                .containsEntry("captureHeightPx", 2400);
        Map<String, Object> image = list(inspect.get("images")).get(0);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode((String) image.get("data"))));
        assertThat(decoded.getHeight()).isEqualTo(1024).isEqualTo(shown.get("imageHeightPx"));
        assertThat(decoded.getWidth()).isEqualTo(shown.get("imageWidthPx"));
        assertThat(((Number) shown.get("scaleX")).doubleValue()).isCloseTo(1080.0 / decoded.getWidth(),
                org.assertj.core.data.Offset.offset(0.0001));
        assertThat(((Number) shown.get("scaleY")).doubleValue()).isEqualTo(2400.0 / 1024);
        Map<String, Object> search = list(map(seen.get("elements")).get("items")).stream()
                .filter(e -> "Search settings".equals(e.get("text"))).findFirst().orElseThrow();
        // Bounds as the hierarchy gives them (screenshot pixels), and their centre as the tap point.
        assertThat(Files.readString(bundle.resolve("hierarchy.xml"))).contains("text=\"Search settings\"")
                .contains("bounds=\"[63,462][1017,609]\"");
        assertThat(search).containsEntry("bounds", "[63,462][1017,609]").containsEntry("center", List.of(540, 535));
        assertThat(String.valueOf(search.get("flags"))).contains("clickable");
        assertThat(((List<?>) inspect.get("text")).get(0).toString()).contains("screenshot x = image x * ");
        System.out.println("figures: screenshot " + Files.size(bundle.resolve("screenshot.png")) + " bytes, read response "
                + outcome(outcomes, "screenshot").get("responseBytes") + " bytes; inspect response "
                + inspect.get("responseBytes") + " bytes, image " + shown.get("encodedBytes") + " bytes "
                + shown.get("mimeType") + ", " + list(map(seen.get("elements")).get("items")).size() + " elements");
        // Every tool result fits a client's 1 MB; a resource read costs the file's size (base64 for bytes).
        for (Map<String, Object> outcome : outcomes) {
            if (outcome.containsKey("tool")) {
                assertThat(((Number) outcome.get("responseBytes")).intValue()).as("%s", outcome.get("name"))
                        .isLessThan(ONE_MB);
            }
        }
        try (Stream<Path> files = Files.list(bundle)) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).as("inspect wrote nothing in the bundle")
                    .containsExactlyInAnyOrder("manifest.json", "captures.json", "hierarchy.xml", "screenshot.png");
        }
    }

    @Test
    void nothingOutsideTheRootIsServedAndHugeFilesStayBounded() throws Exception {
        Path root = directory("mcp-hostile-root-");
        Path outside = directory("mcp-outside-");
        Files.writeString(outside.resolve("secret.txt"), "TOP-SECRET-OUTSIDE");
        Map<String, Object> first = run(root, List.of(step("capture", "evidence_capture",
                Map.of("deviceId", lab.serial(), "operatorPackage", AdbLab.OPERATOR))));
        String evidenceId = (String) map(list(first.get("steps")).get(0).get("structuredContent")).get("evidenceId");
        Path bundles = root.resolve("bundles");
        Path captured = bundles.resolve(evidenceId);
        Files.createSymbolicLink(captured.resolve("leak.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(bundles.resolve("linked"), outside);
        Path huge = Files.createDirectory(bundles.resolve("huge"));
        for (String name : List.of("manifest.json", "captures.json")) {
            Files.copy(captured.resolve(name), huge.resolve(name));
        }
        writeNoisePng(huge.resolve("screenshot.png"), 4800, 4800);
        long hierarchyBytes = writeLargeHierarchy(huge.resolve("hierarchy.xml"), 50_000_000L);
        String base = "evidence://bundles/" + evidenceId + "/";
        List<String> hostile = List.of(base + "../" + evidenceId + "/manifest.json",
                "evidence://bundles/%2e%2e/" + outside.getFileName() + "/secret.txt",
                "evidence://bundles/" + evidenceId + "%2fmanifest.json",
                "evidence://bundles/" + outside + "/secret.txt",
                "evidence://bundles//etc/passwd",
                "file://" + outside.resolve("secret.txt"),
                base + "leak.txt",
                "evidence://bundles/linked/secret.txt",
                "evidence://bundles/" + evidenceId + "/../../../etc/passwd");
        List<Map<String, Object>> steps = new ArrayList<>();
        for (int i = 0; i < hostile.size(); i++) {
            steps.add(resource("hostile" + i, "resources/read", Map.of("uri", hostile.get(i))));
        }
        steps.add(resource("hugeRead", "resources/read", Map.of("uri", "evidence://bundles/huge/screenshot.png")));
        steps.add(step("hugeInspect", "evidence_inspect", Map.of("evidenceId", "huge")));
        steps.add(step("traversal", "evidence_inspect", Map.of("evidenceId", "../" + outside.getFileName())));
        steps.add(step("linkedInspect", "evidence_inspect", Map.of("evidenceId", "linked")));

        List<Map<String, Object>> outcomes = list(run(root, steps).get("steps"));

        for (int i = 0; i < hostile.size(); i++) {
            Map<String, Object> refused = outcome(outcomes, "hostile" + i);
            assertThat(refused.get("errorCode")).as("%s", hostile.get(i)).isEqualTo(-32002);
            assertThat(map(refused.get("errorData"))).containsEntry("uri", hostile.get(i));
            assertThat(refused).doesNotContainKey("result");
            assertThat(String.valueOf(refused)).doesNotContain("TOP-SECRET");
        }
        Map<String, Object> hugeRead = outcome(outcomes, "hugeRead");
        assertThat(hugeRead).doesNotContainKey("result");
        assertThat((String) hugeRead.get("error")).contains(String.valueOf(Files.size(huge.resolve("screenshot.png"))),
                "evidence://bundles/huge/screenshot.png", "evidence_inspect");
        assertThat(Files.size(huge.resolve("screenshot.png"))).isGreaterThan(64L * 1024 * 1024);

        Map<String, Object> inspected = outcome(outcomes, "hugeInspect");
        assertThat(inspected.get("validated")).as("%s", inspected.get("error")).isEqualTo(true);
        assertThat(((Number) inspected.get("responseBytes")).intValue()).isLessThan(ONE_MB);
        Map<String, Object> shown = map(map(inspected.get("structuredContent")).get("screenshot"));
        assertThat(shown).containsEntry("state", "shown");
        assertThat(((Number) shown.get("encodedBytes")).intValue()).isLessThan(ONE_MB);
        Map<String, Object> elements = map(map(inspected.get("structuredContent")).get("elements"));
        assertThat(list(elements.get("items"))).hasSize(CompactElements.MAX_NODES);
        assertThat(((Number) elements.get("nodesRead")).longValue()).isGreaterThan(100_000L);
        assertThat(hierarchyBytes).isGreaterThan(50_000_000L);

        for (String name : List.of("traversal", "linkedInspect")) {
            Map<String, Object> refused = map(outcome(outcomes, name).get("structuredContent"));
            assertThat(refused.get("ok")).isEqualTo(false);
            assertThat(String.valueOf(refused)).doesNotContain("TOP-SECRET").doesNotContain(outside.toString());
        }
        assertThat(map(outcome(outcomes, "traversal").get("structuredContent")))
                .containsEntry("code", ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat(map(outcome(outcomes, "linkedInspect").get("structuredContent")))
                .containsEntry("code", ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
    }

    @Test
    void aPartialScreenshotIsLinkedAsSuchAndNeverShownAsVerified() throws Exception {
        Path root = directory("mcp-partial-root-");
        lab.phone(p -> p.toBuilder().fault("screencap", ServiceFault.dropAfterBytes(300_000)).build());
        List<Map<String, Object>> outcomes;
        try {
            outcomes = list(run(root, List.of(
                    step("capture", "evidence_capture", Map.of("deviceId", lab.serial(), "operatorPackage",
                            AdbLab.OPERATOR)),
                    step("inspect", "evidence_inspect", Map.of("evidenceId", "${capture.evidenceId}")))).get("steps"));
        } finally {
            lab.reset();
        }

        Map<String, Object> capture = outcome(outcomes, "capture");
        // The cut also leaves the package query unanswered here, so the bundle is failed, the screenshot partial.
        Object status = map(capture.get("structuredContent")).get("status");
        assertThat(status).isIn("partial", "failed");
        Map<String, Object> partial = list(capture.get("links")).stream()
                .filter(link -> "screenshot.partial.png".equals(link.get("name"))).findFirst().orElseThrow();
        assertThat((String) partial.get("description")).contains("partial", "not verified");
        Map<String, Object> inspect = outcome(outcomes, "inspect");
        assertThat(list(inspect.get("images"))).as("no image of an unverified screenshot").isEmpty();
        Map<String, Object> seen = map(inspect.get("structuredContent"));
        assertThat(seen).containsEntry("status", status);
        assertThat(map(seen.get("screenshot"))).containsEntry("state", "partial_not_shown")
                .containsEntry("uri", partial.get("uri"));
        // Each component's error, as the manifest records it.
        assertThat(list(seen.get("errors"))).extracting(error -> error.get("code"))
                .contains(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
        assertThat(map(seen.get("elements")).get("state")).isIn("listed", "missing");
    }

    @Test
    void aSubscriberHearsAVideoSessionsManifestChangeStatus() throws Exception {
        Path root = directory("mcp-subscribe-root-");
        Path session = Files.createDirectories(root.resolve("bundles").resolve("session-1"));
        Files.writeString(session.resolve("manifest.json"), "{\"status\":\"recording\"}");
        Files.writeString(session.resolve("session.json"), "{}");
        Path still = Files.createDirectories(root.resolve("bundles").resolve("still-1"));
        Files.writeString(still.resolve("manifest.json"), "{\"status\":\"complete\"}");
        String uri = "evidence://bundles/session-1/manifest.json";

        List<Map<String, Object>> outcomes = list(run(root, List.of(
                resource("still", "resources/subscribe", Map.of("uri", "evidence://bundles/still-1/manifest.json")),
                resource("hostile", "resources/subscribe", Map.of("uri", "evidence://bundles/../session-1/manifest.json")),
                resource("subscribe", "resources/subscribe", Map.of("uri", uri)),
                resource("finalized", "write", Map.of("path", session.resolve("manifest.json").toString(),
                        "text", "{\"status\":\"complete\"}")),
                resource("heard", "awaitUpdate", Map.of("uri", uri, "timeoutMs", 60_000)))).get("steps"));

        assertThat(outcome(outcomes, "still").get("errorCode")).isEqualTo(-32602);
        assertThat(outcome(outcomes, "hostile").get("errorCode")).isEqualTo(-32002);
        assertThat(outcome(outcomes, "subscribe")).containsKey("result").doesNotContainKey("error");
        assertThat(outcome(outcomes, "heard")).containsEntry("updated", true);
    }

    @Test
    void tenThousandBundlesArePagedNewestFirst() throws Exception {
        Path root = directory("mcp-many-root-");
        Path bundles = Files.createDirectories(root.resolve("bundles"));
        long now = System.currentTimeMillis();
        for (int i = 0; i < 10_000; i++) {
            Path bundle = Files.createDirectory(bundles.resolve(String.format("bundle-%05d", i)));
            Files.writeString(bundle.resolve("manifest.json"), "{}");
            Files.setLastModifiedTime(bundle, FileTime.fromMillis(now - 1000L * (10_000 - i)));
        }
        Map<String, Object> report = run(root, List.of(resource("page1", "resources/list", Map.of()),
                resource("page2", "resources/list", Map.of("cursor", "${page1.nextCursor}"))));

        List<Map<String, Object>> outcomes = list(report.get("steps"));
        List<Map<String, Object>> page1 = list(map(outcome(outcomes, "page1").get("result")).get("resources"));
        List<Map<String, Object>> page2 = list(map(outcome(outcomes, "page2").get("result")).get("resources"));
        assertThat(page1).hasSize(ResourceRequests.PAGE_SIZE);
        assertThat(page1.get(0).get("uri")).isEqualTo("evidence://bundles/bundle-09999/manifest.json");
        assertThat(page2.get(0).get("uri")).isEqualTo("evidence://bundles/bundle-09899/manifest.json");
        Set<Object> seen = new HashSet<>();
        Stream.concat(page1.stream(), page2.stream()).forEach(r -> assertThat(seen.add(r.get("uri"))).isTrue());
        assertThat(map(outcome(outcomes, "page2").get("result")).get("nextCursor")).isNotNull();
        System.out.println("figures: resources/list over 10,000 bundles: first page " + outcome(outcomes, "page1")
                .get("responseBytes") + " bytes in " + outcome(outcomes, "page1").get("elapsedMs") + " ms, second "
                + outcome(outcomes, "page2").get("elapsedMs") + " ms");
    }

    private static Map<String, Object> run(Path root, List<Map<String, Object>> steps) throws IOException,
            InterruptedException {
        Path tools = directory("mcp-resources-path-");
        Files.createSymbolicLink(tools.resolve("adb"), lab.adb().adbPath());
        Map<String, String> environment = new LinkedHashMap<>(lab.adb().environment());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        environment.put("PATH", tools.toString());
        environment.put("HOME", root.toString());
        List<String> command = new ArrayList<>(List.of("-Xmx256m"));
        command.addAll(McpServerProcess.command());
        return client.run(McpServerProcess.javaExecutable(), command, environment, root, steps);
    }

    private static Path directory(String prefix) throws IOException {
        Path directory = Files.createTempDirectory(prefix);
        temporary.add(directory);
        return directory;
    }

    private static Map<String, Object> step(String name, String tool, Map<String, Object> arguments) {
        return TypeScriptMcpClient.step(name, tool, arguments, false);
    }

    private static Map<String, Object> resource(String name, String method, Map<String, Object> params) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("name", name);
        step.put("method", method);
        step.put("arguments", params);
        return step;
    }

    private static Map<String, Object> outcome(List<Map<String, Object>> outcomes, String name) {
        return outcomes.stream().filter(o -> name.equals(o.get("name"))).findFirst().orElseThrow();
    }

    /** Incompressible pixels, so the PNG is as large as its raw RGB (width * height * 3 bytes). */
    private static void writeNoisePng(Path file, int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        new Random(23).nextBytes(((DataBufferByte) image.getRaster().getDataBuffer()).getData());
        try (OutputStream out = Files.newOutputStream(file)) {
            ImageIO.write(image, "png", out);
        }
    }

    /** A uiautomator hierarchy of clickable nodes, at least {@code bytes} long; returns its size. */
    private static long writeLargeHierarchy(Path file, long bytes) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">");
            long written = 0;
            for (int i = 0; written < bytes; i++) {
                String node = "<node index=\"" + i + "\" text=\"Item " + i + "\" resource-id=\"app:id/item\" "
                        + "class=\"android.widget.TextView\" content-desc=\"\" clickable=\"true\" enabled=\"true\" "
                        + "bounds=\"[0," + (i % 2000) + "][1080," + (i % 2000 + 100) + "]\" />\n";
                out.write(node);
                written += node.length();
            }
            out.write("</hierarchy>");
        }
        return Files.size(file);
    }
}
