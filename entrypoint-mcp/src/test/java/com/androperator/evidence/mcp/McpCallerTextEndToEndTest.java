package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MCP argument strings holding an unpaired UTF-16 surrogate, sent as the JSON escape a client's
 * serializer writes for one, through the server process: each is refused with
 * EXECUTION_VALIDATION_FAILED naming the field as the client sent it, nothing is created and the
 * phone is not asked; the refusal itself is strict UTF-8 without an unpaired escape. A complete
 * pair is accepted and written as UTF-8.
 */
class McpCallerTextEndToEndTest {
    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path root;
    private static Path tools;
    private static RawMcpClient server;

    @BeforeAll
    static void start() throws IOException {
        root = Files.createTempDirectory("mcp-text-root-");
        tools = Files.createTempDirectory("mcp-text-path-");
        Files.createSymbolicLink(tools.resolve("adb"), lab.adb().adbPath());
        Map<String, String> environment = lab.environment();
        environment.put("PATH", tools.toString());
        environment.put("ANDROPERATOR_EVIDENCE_DIR", root.toString());
        server = RawMcpClient.start(environment, root);
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            server.close();
        } finally {
            for (Path directory : List.of(root, tools)) {
                try (Stream<Path> files = Files.walk(directory)) {
                    for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(path);
                    }
                }
            }
        }
    }

    private static String target() {
        return "\"deviceId\":\"" + lab.serial() + "\",\"operatorPackage\":\"" + AdbLab.OPERATOR + "\"";
    }

    static Stream<Arguments> unpaired() {
        String limit = "x".repeat(2047);
        return Stream.of(
                Arguments.of("label: a high surrogate alone", "evidence_capture", "{" + target() + ",\"label\":\"\\uD800\"}",
                        "label"),
                Arguments.of("label: a low surrogate alone", "evidence_capture", "{" + target() + ",\"label\":\"\\uDC00\"}",
                        "label"),
                Arguments.of("label: a reversed pair", "evidence_capture",
                        "{" + target() + ",\"label\":\"\\uDE00\\uD83D\"}", "label"),
                Arguments.of("label: at the end, at the 2048-unit limit", "evidence_capture",
                        "{" + target() + ",\"label\":\"" + limit + "\\uD83D\"}", "label"),
                Arguments.of("context: a value nested deep", "evidence_capture",
                        "{" + target() + ",\"context\":{\"a\":{\"b\":[1,{\"c\":\"x\\uDBFF\"}]}}}", "context"),
                Arguments.of("deviceId", "evidence_capture", "{\"deviceId\":\"emulator-\\uD800\",\"operatorPackage\":\""
                        + AdbLab.OPERATOR + "\"}", "deviceId"),
                Arguments.of("operatorPackage", "evidence_capture", "{\"deviceId\":\"" + lab.serial()
                        + "\",\"operatorPackage\":\"com.androperator\\uDC00.dev\"}", "operatorPackage"),
                Arguments.of("an unknown field's value", "evidence_capture", "{" + target() + ",\"note\":\"\\uD800\"}",
                        "note"),
                Arguments.of("video start: size", "evidence_video_start", "{" + target()
                        + ",\"durationSeconds\":5,\"size\":\"720x1600\\uDC00\"}", "size"),
                Arguments.of("video start: label", "evidence_video_start", "{" + target()
                        + ",\"durationSeconds\":5,\"label\":\"end\\uD83D\"}", "label"),
                Arguments.of("video start: context", "evidence_video_start", "{" + target()
                        + ",\"durationSeconds\":5,\"context\":{\"k\":[\"\\uDC00\"]}}", "context"),
                Arguments.of("video status: sessionId", "evidence_video_status", "{\"sessionId\":\"s\\uD800\"}",
                        "sessionId"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unpaired")
    void anUnpairedSurrogateIsRefusedNamingTheField(String name, String tool, String arguments, String field)
            throws IOException {
        List<Path> before = bundles();
        int services = lab.simulator().receivedServices().size();

        Map<String, Object> response = server.response(server.call(tool, arguments));

        assertThat(RawMcpClient.isError(response)).isTrue();
        Map<String, Object> result = RawMcpClient.structured(response);
        assertThat(result).containsEntry("code", ErrorCodes.EXECUTION_VALIDATION_FAILED);
        assertThat((String) result.get("message")).startsWith(tool + ": " + field + " holds an unpaired UTF-16 surrogate");
        assertThat(((Map<?, ?>) result.get("details")).get("option")).isEqualTo(field);
        // Neither the structured result nor its text quotes the surrogate back.
        String line = ContractJson.toJson(response);
        assertThat(line).doesNotContainPattern("(?<!\\\\)\\\\u[dD][89abAB]");
        assertThat(bundles()).isEqualTo(before);
        assertThat(lab.simulator().receivedServices()).hasSize(services);
    }

    @Test
    void aCompletePairIsAcceptedAndWrittenAsUtf8() throws IOException {
        Map<String, Object> response = server.response(server.call("evidence_capture", "{" + target()
                + ",\"label\":\"" + "x".repeat(2046) + "\\uD83D\\uDE00\",\"context\":{\"\\uD83D\\uDE00\":\"\\uD83D\\uDE00\"}}"));

        assertThat(RawMcpClient.isError(response)).as(response.toString()).isFalse();
        Path bundle = Path.of((String) RawMcpClient.structured(response).get("manifestPath")).getParent();
        Conformance.assertConforms(bundle);
        byte[] bytes = Files.readAllBytes(bundle.resolve("manifest.json"));
        assertThat(new String(bytes, StandardCharsets.US_ASCII)).doesNotContain("\\uD83D");
        assertThat(new String(bytes, StandardCharsets.ISO_8859_1).split("\u00F0\u009F\u0098\u0080", -1)).hasSize(4);
        Manifest manifest = ContractJson.read(bytes, Manifest.class);
        assertThat(manifest.label()).hasSize(2048).endsWith("\uD83D\uDE00");
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("\uD83D\uDE00", "\uD83D\uDE00"));
    }

    private static List<Path> bundles() throws IOException {
        Path bundles = root.resolve("bundles");
        if (!Files.isDirectory(bundles)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(bundles)) {
            return files.sorted().toList();
        }
    }
}
