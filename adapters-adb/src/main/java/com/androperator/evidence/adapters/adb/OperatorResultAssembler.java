package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.contracts.RawJson;
import com.androperator.evidence.domain.port.OperatorGateway.OperatorEnvelope;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Finds one command's result in logcat lines (device-protocol.md §4): either one line
 * {@code [Androperator-Result] {envelope}}, or chunk lines
 * {@code [Androperator-Result-Chunk] {"commandId","taskId","index","count","byteLength","sha256","data"}}
 * that carry the base64 of that whole line in pieces (a Clawperator package's lines carry
 * {@code [Clawperator-Result]} and {@code [Clawperator-Result-Chunk]}: {@link OperatorGeneration}).
 * Lines of other commands are ignored. Every
 * inconsistency in our command's lines is a malformed result, never a success: the first verdict
 * other than {@link Verdict.Pending} is final.
 *
 * <p>Lines arrive as bytes and only those that carry a result are decoded, strictly, the same way
 * whether unchunked or reassembled: bytes that are not UTF-8 make the result malformed (with the
 * sequence's class and offset), and nothing is replaced. A reassembled result is spooled
 * ({@link ResultChunks} in a {@link ResultSpool}: memory up to a few MiB, then a private temporary file) and hashed, checked
 * and parsed in one pass from there, so a 256 MiB result never costs a copy of itself in memory.
 * Not thread-safe: one reader thread feeds it.
 */
final class OperatorResultAssembler implements AutoCloseable {
    static final String RESULT_MARKER = OperatorGeneration.ANDROPERATOR.resultMarker();
    static final String CHUNK_MARKER = OperatorGeneration.ANDROPERATOR.chunkMarker();
    /** Bounds on what a chunk header may claim, so a corrupt header cannot make us hoard memory. */
    static final int MAX_CHUNKS = ParserLimits.MAX_RESULT_CHUNKS;
    static final long MAX_RESULT_BYTES = ParserLimits.MAX_RESULT_BYTES;

    private final String commandId;
    private final String taskId;
    private final String resultMarker;
    private final byte[] resultMarkerBytes;
    private final ByteSearch resultMarkerSearch;
    private final byte[] chunkMarkerBytes;
    private final ByteSearch chunkMarkerSearch;
    private final ByteSearch commandIdSearch;
    private final int maxLineBytes;
    /** The chunks of this command's result; null until its first chunk header arrived. */
    private ResultChunks chunks;
    private int chunksReceived;
    private Verdict verdict = new Verdict.Pending();

    OperatorResultAssembler(String commandId, String taskId) {
        this(OperatorGeneration.ANDROPERATOR, commandId, taskId, ParserLimits.MAX_LOGCAT_LINE_BYTES);
    }

    /**
     * {@code generation}: whose markers the result lines carry; {@code maxLineBytes}: the line
     * splitter's limit, named in the message for a line it cut.
     */
    OperatorResultAssembler(OperatorGeneration generation, String commandId, String taskId, int maxLineBytes) {
        this.commandId = commandId;
        this.taskId = taskId;
        this.resultMarker = generation.resultMarker();
        this.resultMarkerBytes = generation.resultMarker().getBytes(StandardCharsets.US_ASCII);
        this.chunkMarkerBytes = generation.chunkMarker().getBytes(StandardCharsets.US_ASCII);
        this.resultMarkerSearch = new ByteSearch(resultMarkerBytes);
        this.chunkMarkerSearch = new ByteSearch(chunkMarkerBytes);
        this.commandIdSearch = new ByteSearch(commandId.getBytes(StandardCharsets.UTF_8));
        this.maxLineBytes = maxLineBytes;
    }

    sealed interface Verdict {
        record Pending() implements Verdict {
        }

        /**
         * Our command's envelope: typed, and {@code original}, the exact bytes it was read from.
         * {@code document} holds its spooled strings and {@code originalSpool} (null for a result
         * in one line) the reassembled bytes: whoever takes the verdict {@link #close()}s it once
         * they are written.
         */
        record Accepted(OperatorEnvelope envelope, RawJson original, boolean chunked,
                        DeviceJson.Document document, ResultSpool originalSpool) implements Verdict {
            /** Frees the spooled strings and the reassembled bytes; closing twice is harmless. */
            void close() {
                document.close();
                if (originalSpool != null) {
                    originalSpool.close();
                }
            }
        }

        record Malformed(String reason) implements Verdict {
        }

        /** The host could not keep the result (its temporary storage failed): not the device's fault. */
        record HostFailure(String reason) implements Verdict {
        }
    }

    /** Chunk lines of this command seen so far. */
    int chunksReceived() {
        return chunksReceived;
    }

    /** Whether the reassembled result went to a temporary file. */
    boolean spooledToDisk() {
        return chunks != null && chunks.spooledToDisk();
    }

    /** Feeds one logcat line (without its line break); {@code cut} when only its first bytes are given. */
    Verdict accept(byte[] line, int length, boolean cut) {
        if (!(verdict instanceof Verdict.Pending)) {
            return verdict;
        }
        int chunk = chunkMarkerSearch.indexOf(line, 0, length);
        if (chunk >= 0) {
            verdict = cut ? cutLine(line, length, "chunk") : chunk(line, length, chunk + chunkMarkerBytes.length);
            return verdict;
        }
        int result = resultMarkerSearch.indexOf(line, 0, length);
        if (result >= 0) {
            verdict = cut ? cutLine(line, length, "result") : resultLine(line, length, result);
        }
        return verdict;
    }

    /** Feeds one line of text: for tests and callers that hold decoded lines. */
    Verdict accept(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return accept(bytes, bytes.length, false);
    }

    /** Frees the chunk spool; an accepted verdict's document is its taker's to close. */
    @Override
    public void close() {
        if (chunks != null) {
            chunks.close();
        }
    }

    private Verdict cutLine(byte[] line, int length, String kind) {
        return mentionsCommand(line, length) ? new Verdict.Malformed("a " + kind + " line of this command is longer"
                + " than the " + maxLineBytes + "-byte line limit (the Operator chunks lines over 3000 bytes);"
                + " it is refused, not cut and parsed") : new Verdict.Pending();
    }

    /** An unchunked result line: {@code markerAt} is where its marker starts. */
    private Verdict resultLine(byte[] line, int length, int markerAt) {
        int json = markerAt + resultMarkerBytes.length;
        Parse parse = parse(new ByteArrayInputStream(line, json, length - json), json - markerAt, length - json);
        if (parse.failure != null) {
            return parse.failure;
        }
        if (parse.problem != null) {
            return mentionsCommand(line, length)
                    ? new Verdict.Malformed("a result line that mentions this command is " + parse.describe("an envelope"))
                    : new Verdict.Pending();
        }
        return judge(parse.document, new Original(CheckedJson.copied(line, json, length), null), line, length);
    }

    /** The bytes a document was read from; {@code spool}, when they are kept in one, is closed with it. */
    private record Original(RawJson json, ResultSpool spool) {
        void close() {
            if (spool != null) {
                spool.close();
            }
        }
    }

    /** What the document is for our command; closes it and its original unless it is accepted. */
    private Verdict judge(DeviceJson.Document document, Original original, byte[] line, int length) {
        boolean chunked = original.spool() != null;
        OperatorEnvelopes.Parsed parsed = OperatorEnvelopes.parse(document.value(), commandId, taskId);
        if (parsed instanceof OperatorEnvelopes.Parsed.Valid valid) {
            return new Verdict.Accepted(valid.envelope(), original.json(), chunked, document, original.spool());
        }
        document.close();
        original.close();
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
        if (parsed instanceof OperatorEnvelopes.Parsed.Unattributed unattributed && mentionsCommand(line, length)) {
            return new Verdict.Malformed("a result line that mentions this command is not an envelope: "
                    + unattributed.reason());
        }
        return new Verdict.Pending();
    }

    /** A document read, or why not: {@code problem} (not strict JSON or UTF-8) or {@code failure} (host). */
    private record Parse(DeviceJson.Document document, String problem, Verdict failure) {
        /** "not valid UTF-8: ...", or "not {@code what}: ..." for a JSON problem. */
        String describe(String what) {
            return problem.startsWith(DeviceJson.NOT_UTF8) ? problem : "not " + what + ": " + problem;
        }
    }

    private static Parse parse(InputStream in, long offsetInLine, long size) {
        try {
            return new Parse(DeviceJson.read(in, offsetInLine, size), null, null);
        } catch (DeviceJson.Malformed e) {
            return new Parse(null, e.getMessage(), null);
        } catch (IOException e) {
            return new Parse(null, null, new Verdict.HostFailure("the result could not be spooled or read back: " + e));
        }
    }

    /** A chunk header as read, and where its data lies in the line when it was read without it (else null). */
    private record Header(Parse parse, ChunkData data) {
    }

    /**
     * The chunk line's header, read strictly: without its data string when the line has the usual
     * shape ({@code data} found it), else whole.
     */
    private static Header header(byte[] line, int length, int jsonAt, @Nullable ChunkData data) {
        if (data != null) {
            byte[] header = data.header(line, jsonAt, length);
            Parse parse = parse(new ByteArrayInputStream(header), jsonAt, header.length);
            if (parse.failure == null && parse.problem == null) {
                return new Header(parse, data);
            }
            // Said again by the whole line's read, with the offsets of the line.
            if (parse.document != null) {
                parse.document.close();
            }
        }
        return new Header(parse(new ByteArrayInputStream(line, jsonAt, length - jsonAt), jsonAt, length - jsonAt), null);
    }

    /** A chunk line: its header read from the bytes when the Operator wrote it (the usual case), else strictly. */
    private Verdict chunk(byte[] line, int length, int jsonAt) {
        ChunkData data = ChunkData.find(line, jsonAt, length);
        ChunkHeaderFields canonical = data == null ? null : ChunkHeaderFields.canonical(line, jsonAt, length, data);
        if (canonical != null) {
            return chunk(canonical, data, line);
        }
        Header read = header(line, length, jsonAt, data);
        Parse parse = read.parse();
        if (parse.failure != null) {
            return parse.failure;
        }
        if (parse.problem != null) {
            return mentionsCommand(line, length)
                    ? new Verdict.Malformed("a chunk line that mentions this command is " + parse.describe("JSON"))
                    : new Verdict.Pending();
        }
        Object value = parse.document.value();
        boolean longString = parse.document.strings() != null;
        parse.document.close();
        if (longString) {
            return mentionsCommand(line, length) ? new Verdict.Malformed("a chunk line that mentions this command holds"
                    + " a string longer than any chunk header's") : new Verdict.Pending();
        }
        if (!(value instanceof Map<?, ?> header) || !(header.get("commandId") instanceof String chunkCommand)) {
            return mentionsCommand(line, length)
                    ? new Verdict.Malformed("a chunk line that mentions this command has no string commandId")
                    : new Verdict.Pending();
        }
        return chunk(ChunkHeaderFields.of(header, chunkCommand), read.data(), line);
    }

    /**
     * A chunk whose header names a commandId: stored when it is this command's and consistent with
     * the chunks before it. {@code data}, when not null, says where in {@code line} its base64 lies
     * (the header's own data was then read as empty).
     */
    private Verdict chunk(ChunkHeaderFields header, @Nullable ChunkData data, byte[] line) {
        if (!header.commandId().equals(commandId)) {
            return new Verdict.Pending();
        }
        chunksReceived++;
        Object chunkTask = header.taskId();
        if (chunkTask != null && !taskId.equals(chunkTask)) {
            return new Verdict.Malformed("chunk taskId " + Text.abbreviate(String.valueOf(chunkTask), 140)
                    + " is not " + taskId);
        }
        Long index = header.index();
        Long chunkCount = header.count();
        Long claimed = header.byteLength();
        if (index == null || chunkCount == null || claimed == null || !(header.sha256() instanceof String hex)
                || !(header.data() instanceof String base64)) {
            return new Verdict.Malformed("a chunk lacks integral index/count/byteLength or string sha256/data");
        }
        if (chunkCount < 1 || chunkCount > MAX_CHUNKS || claimed < 0 || claimed > MAX_RESULT_BYTES
                || chunkCount > Math.max(1, claimed) || !isSha256Hex(hex)) {
            return new Verdict.Malformed("a chunk header is out of range: count " + chunkCount + ", byteLength "
                    + claimed + " (at most " + MAX_RESULT_BYTES + "), sha256 " + Text.abbreviate(hex, 80));
        }
        if (chunks == null) {
            chunks = new ResultChunks(chunkCount.intValue(), claimed, hex);
        } else if (!chunks.sameClaim(chunkCount.intValue(), claimed, hex)) {
            return new Verdict.Malformed("chunks disagree: count " + chunks.count() + "/" + chunkCount + ", byteLength "
                    + chunks.byteLength() + "/" + claimed + ", sha256 " + chunks.sha256() + "/" + hex);
        }
        if (index < 0 || index >= chunks.count()) {
            return new Verdict.Malformed("chunk index " + index + " is outside 0.." + (chunks.count() - 1));
        }
        byte[] bytes;
        try {
            bytes = data != null ? data.decoded(line) : Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return new Verdict.Malformed("chunk " + index + " data is not base64: " + e.getMessage());
        }
        try {
            Verdict stored = chunks.store(index.intValue(), bytes);
            return stored instanceof Verdict.Pending && chunks.complete() ? reassemble() : stored;
        } catch (IOException e) {
            return new Verdict.HostFailure("the result could not be spooled: " + e);
        }
    }

    /**
     * All chunks are in: one pass over them in index order hashes the whole line, checks its marker
     * and reads its envelope strictly. The hash is checked first: a line that is not what the
     * Operator sent is malformed whatever it says.
     */
    private Verdict reassemble() {
        long byteLength = chunks.byteLength();
        String sha256 = chunks.sha256();
        if (chunks.bytesInParts() != byteLength) {
            return new Verdict.Malformed("the chunks carry " + chunks.bytesInParts() + " bytes, byteLength says "
                    + byteLength);
        }
        MessageDigest digest = sha256();
        // The envelope's bytes for captures.json, kept, not encoded again from the tree: the chunks'
        // own spool after the marker when they arrived in order (as the Operator logs them), else a
        // copy made as they are read.
        Optional<ResultSpool> inOrder = chunks.handOverInIndexOrder();
        ResultSpool original = inOrder.orElseGet(() -> new ResultSpool(ParserLimits.RESULT_IN_MEMORY_BYTES, byteLength));
        long originalFrom = inOrder.isPresent() ? resultMarkerBytes.length : 0;
        boolean handedOver = false;
        try (InputStream whole = new DigestInputStream(chunks.inIndexOrder(), digest)) {
            byte[] marker = whole.readNBytes(resultMarkerBytes.length);
            boolean marked = Arrays.equals(marker, resultMarkerBytes);
            InputStream envelope = inOrder.isPresent() ? whole : new Copying(whole, original);
            Parse parse = marked ? parse(envelope, resultMarkerBytes.length, byteLength) : null;
            whole.transferTo(java.io.OutputStream.nullOutputStream());
            String digestHex = HexFormat.of().formatHex(digest.digest());
            Optional<Verdict> rejected = digestHex.equals(sha256) ? Optional.empty() : Optional.of(new Verdict.Malformed(
                    "the reassembled line has sha256 " + digestHex + ", the chunks say " + sha256));
            if (rejected.isEmpty() && !marked) {
                rejected = Optional.of(new Verdict.Malformed("the reassembled line does not start with "
                        + resultMarker.strip()));
            }
            if (rejected.isEmpty() && parse.failure != null) {
                rejected = Optional.of(parse.failure);
            }
            if (rejected.isEmpty() && parse.problem != null) {
                rejected = Optional.of(new Verdict.Malformed("the reassembled line is " + parse.describe("an envelope")));
            }
            if (rejected.isPresent()) {
                if (parse != null && parse.document != null) {
                    parse.document.close();
                }
                return rejected.get();
            }
            handedOver = true;
            return judgeReassembled(parse.document, original, originalFrom);
        } catch (IOException e) {
            return new Verdict.HostFailure("the spooled result could not be read back: " + e);
        } finally {
            // The chunks are read: their spool (up to a whole result) is not kept next to the parsed
            // one, unless it is the original itself.
            chunks.close();
            if (!handedOver) {
                original.close();
            }
        }
    }

    /** {@link #judge} of a reassembled line whose envelope is {@code original} from {@code from} on, which it takes. */
    private Verdict judgeReassembled(DeviceJson.Document document, ResultSpool original, long from) {
        RawJson json;
        try {
            json = CheckedJson.spooled(original, from);
        } catch (IOException e) {
            document.close();
            original.close();
            return new Verdict.HostFailure("the spooled result could not be read back: " + e);
        }
        return judge(document, new Original(json, original), new byte[0], 0);
    }

    /** Passes a stream's bytes on and appends each one read to a spool. */
    private static final class Copying extends FilterInputStream {
        private final ResultSpool copy;

        Copying(InputStream in, ResultSpool copy) {
            super(in);
            this.copy = copy;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                copy.append(new byte[] {(byte) b}, 0, 1);
            }
            return b;
        }

        @Override
        public int read(byte[] target, int offset, int length) throws IOException {
            int n = super.read(target, offset, length);
            if (n > 0) {
                copy.append(target, offset, n);
            }
            return n;
        }
    }

    private boolean mentionsCommand(byte[] line, int length) {
        return commandIdSearch.indexOf(line, 0, length) >= 0;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** Whether {@code text} is 64 hex digits, either case: asked of every chunk line, so a loop, not a regex. */
    static boolean isSha256Hex(String text) {
        if (text.length() != 64) {
            return false;
        }
        for (int i = 0; i < 64; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
                return false;
            }
        }
        return true;
    }
}
