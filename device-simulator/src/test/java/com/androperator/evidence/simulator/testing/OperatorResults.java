package com.androperator.evidence.simulator.testing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The client side of the Operator's result protocol, as tests need it: collects logcat lines and
 * yields the envelope for one commandId, from a single result line or reassembled chunks whose
 * length and sha256 are checked.
 */
public final class OperatorResults {

    public static final String RESULT = "[Androperator-Result] ";
    public static final String CHUNK = "[Androperator-Result-Chunk] ";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String commandId;
    private final TreeMap<Integer, JsonNode> chunks = new TreeMap<>();
    private final List<String> seenLines = new ArrayList<>();
    private JsonNode envelope;

    public OperatorResults(String commandId) {
        this.commandId = commandId;
    }

    /**
     * Takes one logcat line.
     *
     * @return the envelope once it is complete
     * @throws IllegalStateException when chunks are inconsistent (a malformed result)
     */
    public Optional<JsonNode> accept(String line) {
        seenLines.add(line);
        int result = line.indexOf(RESULT);
        if (result >= 0) {
            JsonNode node = JSON.readTree(line.substring(result + RESULT.length()));
            if (commandId.equals(node.path("commandId").asString(null))) {
                envelope = node;
            }
        }
        int chunk = line.indexOf(CHUNK);
        if (chunk >= 0) {
            JsonNode node = JSON.readTree(line.substring(chunk + CHUNK.length()));
            if (commandId.equals(node.path("commandId").asString(null))) {
                chunks.put(node.get("index").intValue(), node);
                if (chunks.size() == node.get("count").intValue()) {
                    envelope = reassemble();
                }
            }
        }
        return Optional.ofNullable(envelope);
    }

    public int chunkCount() {
        return chunks.size();
    }

    public List<String> seenLines() {
        return List.copyOf(seenLines);
    }

    private JsonNode reassemble() {
        JsonNode first = chunks.firstEntry().getValue();
        int count = first.get("count").intValue();
        StringBuilder problems = new StringBuilder();
        byte[] line = new byte[first.get("byteLength").intValue()];
        int offset = 0;
        for (int index = 0; index < count; index++) {
            JsonNode part = chunks.get(index);
            if (part == null) {
                throw new IllegalStateException("chunk " + index + " missing");
            }
            byte[] data = Base64.getDecoder().decode(part.get("data").stringValue());
            if (data.length > 1024 || offset + data.length > line.length) {
                throw new IllegalStateException("chunk " + index + " has " + data.length + " bytes");
            }
            System.arraycopy(data, 0, line, offset, data.length);
            offset += data.length;
        }
        if (offset != line.length) {
            problems.append("byteLength ").append(line.length).append(" but got ").append(offset);
        }
        String sha = HexFormat.of().formatHex(sha256(line));
        if (!sha.equals(first.get("sha256").stringValue())) {
            problems.append("sha256 mismatch");
        }
        String text = new String(line, StandardCharsets.UTF_8);
        if (!text.startsWith(RESULT)) {
            problems.append("reassembled line lacks the result marker");
        }
        if (problems.length() > 0) {
            throw new IllegalStateException("malformed chunked result: " + problems);
        }
        return JSON.readTree(text.substring(RESULT.length()));
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
