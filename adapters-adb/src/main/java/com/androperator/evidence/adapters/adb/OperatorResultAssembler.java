package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.domain.port.OperatorGateway.OperatorEnvelope;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;

/**
 * Finds one command's result in logcat lines (device-protocol.md §4): either one line
 * {@code [Androperator-Result] {envelope}}, or chunk lines
 * {@code [Androperator-Result-Chunk] {"commandId","taskId","index","count","byteLength","sha256","data"}}
 * that carry the base64 of that whole line in pieces. Lines of other commands are ignored. Every
 * inconsistency in our command's lines is a malformed result, never a success: the first verdict
 * other than {@link Verdict.Pending} is final.
 */
final class OperatorResultAssembler {
    static final String RESULT_MARKER = "[Androperator-Result] ";
    static final String CHUNK_MARKER = "[Androperator-Result-Chunk]";
    /** Bounds on what a chunk header may claim, so a corrupt header cannot make us hoard memory. */
    static final int MAX_CHUNKS = 1_000_000;
    static final long MAX_RESULT_BYTES = 256L * 1024 * 1024;
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-fA-F]{64}");

    private final String commandId;
    private final String taskId;
    private final TreeMap<Integer, byte[]> parts = new TreeMap<>();
    private Integer count;
    private Long byteLength;
    private String sha256;
    private long bytesInParts;
    private int chunksReceived;
    private Verdict verdict = new Verdict.Pending();

    OperatorResultAssembler(String commandId, String taskId) {
        this.commandId = commandId;
        this.taskId = taskId;
    }

    sealed interface Verdict {
        record Pending() implements Verdict {
        }

        record Accepted(OperatorEnvelope envelope, LinkedHashMap<String, Object> original, boolean chunked)
                implements Verdict {
        }

        record Malformed(String reason) implements Verdict {
        }
    }

    /** Chunk lines of this command seen so far. */
    int chunksReceived() {
        return chunksReceived;
    }

    /** Feeds one logcat line (without its line break). */
    Verdict accept(String line) {
        if (!(verdict instanceof Verdict.Pending)) {
            return verdict;
        }
        int chunk = line.indexOf(CHUNK_MARKER);
        if (chunk >= 0) {
            verdict = chunk(line, line.substring(chunk + CHUNK_MARKER.length()).strip());
            return verdict;
        }
        int result = line.indexOf(RESULT_MARKER);
        if (result >= 0) {
            verdict = resultLine(line, line.substring(result + RESULT_MARKER.length()).strip(), false);
        }
        return verdict;
    }

    private Verdict resultLine(String line, String json, boolean chunked) {
        OperatorEnvelopes.Parsed parsed = OperatorEnvelopes.parse(json, commandId, taskId);
        if (parsed instanceof OperatorEnvelopes.Parsed.Valid valid) {
            return new Verdict.Accepted(valid.envelope(), valid.original(), chunked);
        }
        if (parsed instanceof OperatorEnvelopes.Parsed.Invalid invalid) {
            return new Verdict.Malformed("the result envelope is not valid: " + invalid.reason());
        }
        if (chunked) {
            // The reassembled line was announced as ours by its chunks: anything else inside is a mismatch.
            return new Verdict.Malformed(parsed instanceof OperatorEnvelopes.Parsed.OtherCommand other
                    ? "the reassembled result names commandId " + Text.abbreviate(other.commandId(), 140)
                    + ", not " + commandId
                    : "the reassembled result is not an envelope: "
                    + ((OperatorEnvelopes.Parsed.Unattributed) parsed).reason());
        }
        if (parsed instanceof OperatorEnvelopes.Parsed.Unattributed unattributed && line.contains(commandId)) {
            return new Verdict.Malformed("a result line that mentions this command is not an envelope: "
                    + unattributed.reason());
        }
        return new Verdict.Pending();
    }

    private Verdict chunk(String line, String json) {
        Map<String, Object> header;
        try {
            header = OperatorEnvelopes.readObject(json);
        } catch (JacksonException e) {
            return line.contains(commandId)
                    ? new Verdict.Malformed("a chunk line that mentions this command is not JSON: "
                    + Text.abbreviate(e.getOriginalMessage(), 200))
                    : new Verdict.Pending();
        }
        if (header == null || !(header.get("commandId") instanceof String chunkCommand)) {
            return line.contains(commandId)
                    ? new Verdict.Malformed("a chunk line that mentions this command has no string commandId")
                    : new Verdict.Pending();
        }
        if (!chunkCommand.equals(commandId)) {
            return new Verdict.Pending();
        }
        chunksReceived++;
        Object chunkTask = header.get("taskId");
        if (chunkTask != null && !taskId.equals(chunkTask)) {
            return new Verdict.Malformed("chunk taskId " + Text.abbreviate(String.valueOf(chunkTask), 140)
                    + " is not " + taskId);
        }
        Long index = integral(header.get("index"));
        Long chunkCount = integral(header.get("count"));
        Long length = integral(header.get("byteLength"));
        Object hash = header.get("sha256");
        Object data = header.get("data");
        if (index == null || chunkCount == null || length == null || !(hash instanceof String hex)
                || !(data instanceof String base64)) {
            return new Verdict.Malformed("a chunk lacks integral index/count/byteLength or string sha256/data");
        }
        if (chunkCount < 1 || chunkCount > MAX_CHUNKS || length < 0 || length > MAX_RESULT_BYTES
                || !SHA256_HEX.matcher(hex).matches()) {
            return new Verdict.Malformed("a chunk header is out of range: count " + chunkCount + ", byteLength "
                    + length + ", sha256 " + Text.abbreviate(hex, 80));
        }
        if (count == null) {
            count = chunkCount.intValue();
            byteLength = length;
            sha256 = hex.toLowerCase(java.util.Locale.ROOT);
        } else if (count != chunkCount.intValue() || byteLength.longValue() != length
                || !sha256.equalsIgnoreCase(hex)) {
            return new Verdict.Malformed("chunks disagree: count " + count + "/" + chunkCount + ", byteLength "
                    + byteLength + "/" + length + ", sha256 " + sha256 + "/" + hex);
        }
        if (index < 0 || index >= count) {
            return new Verdict.Malformed("chunk index " + index + " is outside 0.." + (count - 1));
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return new Verdict.Malformed("chunk " + index + " data is not base64: " + e.getMessage());
        }
        byte[] earlier = parts.get(index.intValue());
        if (earlier != null) {
            // logcat can repeat a line; a repeat with other data is a corruption.
            return Arrays.equals(earlier, bytes) ? new Verdict.Pending()
                    : new Verdict.Malformed("chunk " + index + " arrived twice with different data");
        }
        bytesInParts += bytes.length;
        if (bytesInParts > byteLength) {
            return new Verdict.Malformed("the chunks carry more than byteLength " + byteLength + " bytes");
        }
        parts.put(index.intValue(), bytes);
        return parts.size() == count ? reassemble() : new Verdict.Pending();
    }

    private Verdict reassemble() {
        if (bytesInParts != byteLength) {
            return new Verdict.Malformed("the chunks carry " + bytesInParts + " bytes, byteLength says " + byteLength);
        }
        byte[] whole = new byte[(int) bytesInParts];
        int offset = 0;
        for (byte[] part : parts.values()) {
            System.arraycopy(part, 0, whole, offset, part.length);
            offset += part.length;
        }
        String digest = HexFormat.of().formatHex(sha256(whole));
        if (!digest.equals(sha256)) {
            return new Verdict.Malformed("the reassembled line has sha256 " + digest + ", the chunks say " + sha256);
        }
        String line;
        try {
            line = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(whole)).toString();
        } catch (CharacterCodingException e) {
            return new Verdict.Malformed("the reassembled line is not UTF-8");
        }
        if (!line.startsWith(RESULT_MARKER)) {
            return new Verdict.Malformed("the reassembled line does not start with " + RESULT_MARKER.strip());
        }
        return resultLine(line, line.substring(RESULT_MARKER.length()).strip(), true);
    }

    private static Long integral(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big && big.bitLength() < 63) {
            return big.longValue();
        }
        return null;
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
