package com.androperator.evidence.simulator.device;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a result envelope into the log messages the Operator writes: one
 * {@code [Androperator-Result] {json}} line, or, when that line is longer than logcat carries
 * safely, chunk lines holding base64 slices of it with its length and sha256.
 */
public final class ResultLines {

    public static final String RESULT_MARKER = "[Androperator-Result] ";
    public static final String CHUNK_MARKER = "[Androperator-Result-Chunk] ";
    /** Longest full result line sent as one log line. */
    public static final int MAX_LINE_BYTES = 3_000;
    /** Bytes of the full result line in one chunk. */
    public static final int CHUNK_DATA_BYTES = 1_024;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ResultLines() {}

    /**
     * @param envelopeJson the envelope on one line
     * @param forceChunks chunk even a short line
     * @param corruptChunk alter one chunk's data (its base64 stays valid) so the sha256 fails
     */
    public static List<String> messages(String commandId, String taskId, String envelopeJson,
            boolean forceChunks, boolean corruptChunk) {
        String line = RESULT_MARKER + envelopeJson;
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= MAX_LINE_BYTES && !forceChunks && !corruptChunk) {
            return List.of(line);
        }
        String sha256 = HexFormat.of().formatHex(sha256(bytes));
        int count = (bytes.length + CHUNK_DATA_BYTES - 1) / CHUNK_DATA_BYTES;
        int corruptIndex = corruptChunk ? count / 2 : -1;
        List<String> messages = new ArrayList<>(count);
        for (int index = 0; index < count; index++) {
            byte[] data = Arrays.copyOfRange(bytes, index * CHUNK_DATA_BYTES,
                    Math.min(bytes.length, (index + 1) * CHUNK_DATA_BYTES));
            if (index == corruptIndex) {
                data[data.length / 2] ^= 0x01;
            }
            ObjectNode chunk = JSON.createObjectNode();
            chunk.put("commandId", commandId);
            chunk.put("taskId", taskId);
            chunk.put("index", index);
            chunk.put("count", count);
            chunk.put("byteLength", bytes.length);
            chunk.put("sha256", sha256);
            chunk.put("data", Base64.getEncoder().encodeToString(data));
            messages.add(CHUNK_MARKER + JSON.writeValueAsString(chunk));
        }
        return messages;
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
