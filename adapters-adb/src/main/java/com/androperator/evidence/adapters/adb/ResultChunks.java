package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.adapters.adb.OperatorResultAssembler.Verdict;
import com.androperator.evidence.contracts.ParserLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.Locale;
import java.util.Optional;

/**
 * The chunks of one chunked result (device-protocol.md §4) as they arrive, in any order, kept in
 * one {@link ResultSpool}, with what the first chunk header claimed (count, byteLength, sha256)
 * and every later one must repeat. Kept apart from {@link OperatorResultAssembler}, which reads
 * lines and judges them, because this is the part that holds up to a whole result's bytes.
 */
final class ResultChunks implements AutoCloseable {
    private static final int COMPARE_BUFFER = 4096;

    private final int count;
    private final long byteLength;
    private final String sha256;
    private final ResultSpool parts;
    /** Where each chunk's bytes lie in {@link #parts}, by index; -1 while it has not arrived. */
    private final long[] partOffsets;
    private final int[] partLengths;
    private int partsReceived;
    private long bytesInParts;
    /** The spool went to whoever took it ({@link #handOverInIndexOrder()}). */
    private boolean handedOver;

    /** What the first chunk header of the command claimed; {@code sha256} is 64 hex digits. */
    ResultChunks(int count, long byteLength, String sha256) {
        this.count = count;
        this.byteLength = byteLength;
        this.sha256 = sha256.toLowerCase(Locale.ROOT);
        this.parts = new ResultSpool(ParserLimits.RESULT_IN_MEMORY_BYTES, byteLength);
        this.partOffsets = new long[count];
        this.partLengths = new int[count];
        Arrays.fill(partOffsets, -1);
    }

    int count() {
        return count;
    }

    long byteLength() {
        return byteLength;
    }

    /** The claimed sha256 of the whole line, lowercase. */
    String sha256() {
        return sha256;
    }

    long bytesInParts() {
        return bytesInParts;
    }

    /** Whether another chunk header claims the same result as the first one. */
    boolean sameClaim(int otherCount, long otherByteLength, String otherSha256) {
        return count == otherCount && byteLength == otherByteLength && sha256.equalsIgnoreCase(otherSha256);
    }

    /** True once every chunk arrived. */
    boolean complete() {
        return partsReceived == count;
    }

    /** Whether the spool went to a temporary file. */
    boolean spooledToDisk() {
        return parts.spooledToDisk();
    }

    /**
     * Keeps chunk {@code index} ({@code 0 <= index < count}): Pending, or Malformed for a repeat
     * with other data or more bytes than byteLength.
     */
    Verdict store(int index, byte[] bytes) throws IOException {
        if (partOffsets[index] >= 0) {
            // logcat can repeat a line; a repeat with other data is a corruption.
            return sameAsStored(index, bytes) ? new Verdict.Pending()
                    : new Verdict.Malformed("chunk " + index + " arrived twice with different data");
        }
        bytesInParts += bytes.length;
        if (bytesInParts > byteLength) {
            return new Verdict.Malformed("the chunks carry more than byteLength " + byteLength + " bytes");
        }
        partOffsets[index] = parts.size();
        partLengths[index] = bytes.length;
        parts.append(bytes, 0, bytes.length);
        partsReceived++;
        return new Verdict.Pending();
    }

    private boolean sameAsStored(int index, byte[] bytes) throws IOException {
        if (partLengths[index] != bytes.length) {
            return false;
        }
        byte[] stored = new byte[Math.min(COMPARE_BUFFER, bytes.length)];
        for (int done = 0; done < bytes.length; done += stored.length) {
            int n = Math.min(stored.length, bytes.length - done);
            parts.read(partOffsets[index] + done, stored, 0, n);
            if (!Arrays.equals(stored, 0, n, bytes, done, done + n)) {
                return false;
            }
        }
        return true;
    }

    /** The chunks' bytes as one stream, in index order; chunks that arrived in order read as one run. */
    InputStream inIndexOrder() {
        return new SequenceInputStream(new Enumeration<>() {
            private int next;

            @Override
            public boolean hasMoreElements() {
                return next < count;
            }

            @Override
            public InputStream nextElement() {
                long start = partOffsets[next];
                long end = start + partLengths[next];
                next++;
                while (next < count && partOffsets[next] == end) {
                    end += partLengths[next];
                    next++;
                }
                return parts.open(start, end - start);
            }
        });
    }

    /**
     * The spool itself, when it holds the chunks in index order and nothing else (they arrived in
     * order, as the Operator logs them), handed over to the caller, who closes it; this then no
     * longer does. Empty when they arrived out of order: the spool stays this one's.
     */
    Optional<ResultSpool> handOverInIndexOrder() {
        long end = 0;
        for (int index = 0; index < count; index++) {
            if (partOffsets[index] != end) {
                return Optional.empty();
            }
            end += partLengths[index];
        }
        if (end != parts.size()) {
            return Optional.empty();
        }
        handedOver = true;
        return Optional.of(parts);
    }

    /** Frees the spool unless it was handed over; closing twice is harmless. */
    @Override
    public void close() {
        if (!handedOver) {
            parts.close();
        }
    }
}
