package com.androperator.evidence.simulator.device;

import com.androperator.evidence.simulator.profile.OperatorGeneration;
import com.androperator.evidence.simulator.profile.ResultEncoding;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a result envelope into the log messages the Operator writes: one
 * {@code [Androperator-Result] {json}} line, or, when that line is longer than logcat carries
 * safely, chunk lines holding base64 slices of it with its length and sha256. Messages are bytes:
 * an envelope may carry bytes that are not UTF-8 (the {@code verbatim} hierarchy), and they go
 * out as they are.
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
        List<String> messages = new ArrayList<>();
        forEachMessage(commandId, taskId, envelopeJson.getBytes(StandardCharsets.UTF_8),
                forceChunks ? ResultEncoding.Chunking.ALWAYS : ResultEncoding.Chunking.AUTO, corruptChunk, null,
                Integer.MAX_VALUE, message -> messages.add(new String(message, StandardCharsets.UTF_8)));
        return messages;
    }

    /** How many messages {@link #forEachMessage} sends for a line of {@code lineBytes}. */
    public static int messageCount(long lineBytes, ResultEncoding.Chunking chunking, boolean corruptChunk) {
        return chunked(lineBytes, chunking, corruptChunk)
                ? (int) ((lineBytes + CHUNK_DATA_BYTES - 1) / CHUNK_DATA_BYTES) : 1;
    }

    /** The whole result line for an envelope: the marker, then the envelope's bytes. */
    public static byte[] line(byte[] envelopeJson) {
        return line(OperatorGeneration.ANDROPERATOR, envelopeJson);
    }

    /** The whole result line with {@code generation}'s marker. */
    public static byte[] line(OperatorGeneration generation, byte[] envelopeJson) {
        byte[] marker = generation.resultMarker().getBytes(StandardCharsets.UTF_8);
        byte[] line = Arrays.copyOf(marker, marker.length + envelopeJson.length);
        System.arraycopy(envelopeJson, 0, line, marker.length, envelopeJson.length);
        return line;
    }

    /**
     * Hands the first {@code limit} messages of the result to {@code sink}, in order, each made
     * only when it is handed over (a huge result is never held as all its chunk lines at once).
     *
     * @param claimedByteLength the byteLength chunk headers claim, or null for the real one
     */
    public static void forEachMessage(String commandId, String taskId, byte[] envelopeJson,
            ResultEncoding.Chunking chunking, boolean corruptChunk, Long claimedByteLength, int limit,
            Consumer<byte[]> sink) {
        forEachMessage(OperatorGeneration.ANDROPERATOR, commandId, taskId, envelopeJson, chunking,
                corruptChunk, claimedByteLength, limit, sink);
    }

    /** As above, with the markers of {@code generation} ({@code [Clawperator-Result]} and its chunks). */
    public static void forEachMessage(OperatorGeneration generation, String commandId, String taskId,
            byte[] envelopeJson, ResultEncoding.Chunking chunking, boolean corruptChunk,
            Long claimedByteLength, int limit, Consumer<byte[]> sink) {
        byte[] bytes = line(generation, envelopeJson);
        if (!chunked(bytes.length, chunking, corruptChunk)) {
            if (limit > 0) {
                sink.accept(bytes);
            }
            return;
        }
        String sha256 = HexFormat.of().formatHex(sha256(bytes));
        int count = messageCount(bytes.length, chunking, corruptChunk);
        int corruptIndex = corruptChunk ? count / 2 : -1;
        for (int index = 0; index < Math.min(count, limit); index++) {
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
            chunk.put("byteLength", claimedByteLength != null ? claimedByteLength : bytes.length);
            chunk.put("sha256", sha256);
            chunk.put("data", Base64.getEncoder().encodeToString(data));
            ByteArrayOutputStream message = new ByteArrayOutputStream(1500);
            message.writeBytes(generation.chunkMarker().getBytes(StandardCharsets.UTF_8));
            message.writeBytes(JSON.writeValueAsBytes(chunk));
            sink.accept(message.toByteArray());
        }
    }

    private static boolean chunked(long lineBytes, ResultEncoding.Chunking chunking, boolean corruptChunk) {
        return switch (chunking) {
            case ALWAYS -> true;
            case NEVER -> corruptChunk;
            case AUTO -> lineBytes > MAX_LINE_BYTES || corruptChunk;
        };
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
