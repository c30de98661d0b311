package com.androperator.evidence.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The Operator envelope's snapshot text and its comparison with the hierarchy file, streamed: the
 * text is encoded to UTF-8 and the file read in step, {@value #STEP_BYTES} bytes at a time, so
 * neither is copied whole.
 */
final class EnvelopeText {
    private static final String SNAPSHOT_STEP_ID = "snap";
    private static final String SNAPSHOT_ACTION = "snapshot_ui";
    private static final int STEP_BYTES = 64 * 1024;

    /** Whether the file holds the text (or a prefix of it, where allowed); the text's sha256 for messages. */
    record Comparison(boolean matches, String textSha256) {
    }

    private EnvelopeText() {
    }

    /** {@code stepResults[id=snap].data.text}, else the snapshot_ui step's; null when absent. */
    static String snapshotText(Map<String, Object> envelope) {
        if (!(envelope.get("stepResults") instanceof List<?> steps)) {
            return null;
        }
        Map<?, ?> chosen = null;
        for (Object step : steps) {
            if (step instanceof Map<?, ?> map) {
                if (SNAPSHOT_STEP_ID.equals(map.get("id"))) {
                    chosen = map;
                    break;
                }
                if (chosen == null && SNAPSHOT_ACTION.equals(map.get("actionType"))) {
                    chosen = map;
                }
            }
        }
        if (chosen != null && chosen.get("data") instanceof Map<?, ?> data && data.get("text") instanceof String text) {
            return text;
        }
        return null;
    }

    /** Reads {@code file} to its end against {@code text}'s UTF-8 bytes. */
    static Comparison compare(InputStream file, String text, boolean prefixAllowed) throws IOException {
        CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        MessageDigest digest = FileContentRules.sha256();
        CharBuffer chars = CharBuffer.wrap(text);
        ByteBuffer encoded = ByteBuffer.allocate(STEP_BYTES);
        byte[] read = new byte[STEP_BYTES];
        boolean same = true;
        boolean fileEnded = false;
        boolean done = false;
        while (!done) {
            encoded.clear();
            CoderResult result = encoder.encode(chars, encoded, true);
            if (result.isUnderflow()) {
                done = encoder.flush(encoded).isUnderflow();
            }
            encoded.flip();
            int length = encoded.remaining();
            digest.update(encoded.array(), 0, length);
            if (same && !fileEnded) {
                int got = file.readNBytes(read, 0, length);
                fileEnded = got < length;
                same = Arrays.equals(read, 0, got, encoded.array(), 0, got) && (got == length || prefixAllowed);
            }
        }
        if (same && !fileEnded && file.read() >= 0) {
            same = false; // the file is longer than the text
        }
        return new Comparison(same, HexFormat.of().formatHex(digest.digest()));
    }
}
