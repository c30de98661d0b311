package com.androperator.evidence.kit.standins;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A deliberately broken implementation for the kit's own tests: it runs the real CLI (the second
 * argument) with the remaining arguments and then breaks the contract in one way (the first
 * argument). Each mode is a false accept the kit must catch by naming the scenario it breaks.
 */
public final class BrokenCli {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The ways this stand-in breaks the contract. */
    public enum Mode {
        /** Flips one byte of screenshot.png after a capture: the manifest's sha256 no longer holds. */
        FLIP_SCREENSHOT_BYTE,
        /** Reports ok/complete (exit 0) for a partial or failed bundle. */
        COMPLETE_FOR_PARTIAL,
        /** Captures elsewhere, then copies the files into an existing --output-dir instead of refusing it. */
        WRITE_INTO_EXISTING,
        /** Removes deadlineOwner from captures.json and re-hashes it in the manifest, so only that fact is missing. */
        DROP_DEADLINE_OWNER
    }

    private BrokenCli() {
    }

    public static void main(String[] args) throws Exception {
        Mode mode = Mode.valueOf(args[0]);
        String cli = args[1];
        List<String> rest = new ArrayList<>(List.of(args).subList(2, args.length));
        Path outputDir = option(rest, "--output-dir");
        Path existing = null;
        if (mode == Mode.WRITE_INTO_EXISTING && outputDir != null && Files.isDirectory(outputDir)) {
            existing = outputDir;
            outputDir = Files.createTempDirectory("broken-cli-").resolve("bundle");
            rest.set(rest.indexOf("--output-dir") + 1, outputDir.toString());
        }
        List<String> command = new ArrayList<>(List.of(cli));
        command.addAll(rest);
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectInput(ProcessBuilder.Redirect.INHERIT).start();
        String stdout = read(process.getInputStream());
        int exit = process.waitFor();
        JsonNode result = stdout.isBlank() ? null : JSON.readTree(stdout);
        switch (mode) {
            case FLIP_SCREENSHOT_BYTE -> flipByte(outputDir);
            case COMPLETE_FOR_PARTIAL -> {
                if (result != null && result.has("manifestPath") && !"complete".equals(result.path("status").asString(""))) {
                    ObjectNode complete = JSON.createObjectNode().put("ok", true).put("status", "complete")
                            .put("manifestPath", result.get("manifestPath").asString())
                            .put("evidenceId", result.get("evidenceId").asString());
                    stdout = JSON.writeValueAsString(complete) + "\n";
                    exit = 0;
                }
            }
            case WRITE_INTO_EXISTING -> {
                if (existing != null) {
                    copyInto(outputDir, existing);
                    stdout = stdout.replace(outputDir.toString(), existing.toString());
                }
            }
            case DROP_DEADLINE_OWNER -> dropDeadlineOwner(outputDir);
            default -> throw new IllegalStateException(mode.name());
        }
        System.out.print(stdout);
        System.out.flush();
        System.exit(exit);
    }

    private static Path option(List<String> args, String name) {
        int at = args.indexOf(name);
        return at >= 0 && at + 1 < args.size() && args.get(at + 1).startsWith("/") ? Path.of(args.get(at + 1)) : null;
    }

    private static String read(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void flipByte(Path bundle) throws IOException {
        Path screenshot = bundle == null ? null : bundle.resolve("screenshot.png");
        if (screenshot != null && Files.isRegularFile(screenshot)) {
            byte[] bytes = Files.readAllBytes(screenshot);
            bytes[bytes.length / 2] ^= 0x01;
            Files.write(screenshot, bytes);
        }
    }

    private static void copyInto(Path from, Path into) throws IOException {
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(file)) {
                    Files.copy(file, into.resolve(file.getFileName()));
                }
            }
        }
    }

    private static void dropDeadlineOwner(Path bundle) throws IOException, NoSuchAlgorithmException {
        Path captures = bundle == null ? null : bundle.resolve("captures.json");
        if (captures == null || !Files.isRegularFile(captures)) {
            return;
        }
        JsonNode tree = JSON.readTree(Files.readAllBytes(captures));
        if (!remove(tree, "deadlineOwner")) {
            return;
        }
        byte[] rewritten = JSON.writeValueAsBytes(tree);
        Files.write(captures, rewritten);
        Path manifestFile = bundle.resolve("manifest.json");
        ObjectNode manifest = (ObjectNode) JSON.readTree(Files.readAllBytes(manifestFile));
        for (JsonNode artifact : manifest.path("artifacts")) {
            if ("captures.json".equals(artifact.path("path").asString(""))) {
                ((ObjectNode) artifact).put("bytes", rewritten.length);
                ((ObjectNode) artifact).put("sha256",
                        HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(rewritten)));
            }
        }
        Files.write(manifestFile, JSON.writeValueAsBytes(manifest));
    }

    private static boolean remove(JsonNode node, String field) {
        boolean removed = false;
        if (node instanceof ObjectNode object) {
            removed = object.remove(field) != null;
            for (JsonNode child : object) {
                removed |= remove(child, field);
            }
        } else if (node != null && node.isArray()) {
            for (JsonNode child : node) {
                removed |= remove(child, field);
            }
        }
        return removed;
    }
}
