package com.androperator.evidence.adapters.adb;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The three ways device bytes become text here, chosen by what the text is for:
 * <ul>
 *   <li>{@link #strict}: for what becomes an artifact or an envelope (result lines, chunk payloads,
 *       the hierarchy, captures.json). Bytes that are not UTF-8 are refused, never rewritten.</li>
 *   <li>{@link #marked}: for metadata read from command output (getprop, dumpsys package), where
 *       one stray byte must not cost every other value. Each malformed sequence becomes
 *       {@link #MALFORMED}, a lone surrogate that strict decoding can never produce, so a value
 *       that holds one is known to be unreadable and is reported unavailable, never recorded.
 *       Numbers and ASCII tokens (wm, dumpsys input and display, pm) are unaffected: a malformed
 *       sequence never swallows the ASCII byte after it.</li>
 *   <li>{@link #described}: for diagnostics quoted in messages and details (stderr tails, command
 *       output): valid text as is, each byte of a malformed sequence as {@code \xHH}, so nothing is
 *       silently replaced.</li>
 * </ul>
 */
final class Utf8 {
    /** Stands for one malformed sequence in {@link #marked} text; never valid UTF-8 text itself. */
    static final char MALFORMED = '\uDC80';

    private Utf8() {
    }

    /** Why {@code bytes[offset, offset+length)} is not UTF-8 ("... at byte N"), or empty when it is. */
    static Optional<String> problem(byte[] bytes, int offset, int length) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        CharBuffer out = CharBuffer.allocate(Math.min(Math.max(length, 16), 8192));
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                int at = in.position();
                return Optional.of(classify(bytes, at, offset + length) + " at byte " + (at - offset));
            }
            if (result.isUnderflow()) {
                return Optional.empty();
            }
            out.clear();
        }
    }

    /** The text of valid UTF-8, or empty when the bytes are not UTF-8. */
    static Optional<String> strict(byte[] bytes, int offset, int length) {
        return problem(bytes, offset, length).isPresent() ? Optional.empty()
                : Optional.of(new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    /**
     * The length of the well-formed sequence that starts at {@code at} with a byte that is not
     * ASCII, 0 when {@code end} cuts it short and the bytes so far may still start one, or -1 when
     * it is malformed. The bytes so far are judged as the JDK's strict decoder judges them when the
     * input may go on: a cut {@code 0xED 0xA0}, say, waits for its third byte, {@code 0xE0 0x80}
     * does not.
     */
    static int sequenceLength(byte[] bytes, int at, int end) {
        int lead = bytes[at] & 0xFF;
        if (lead < 0xC2 || lead > 0xF4) {
            return -1;
        }
        int available = end - at;
        if (available < 2) {
            return 0;
        }
        int second = bytes[at + 1] & 0xFF;
        if (!continuation(second)) {
            return -1;
        }
        if (lead < 0xE0) {
            return 2;
        }
        if (lead < 0xF0) {
            return threeByteLength(lead, second, available < 3 ? -1 : bytes[at + 2] & 0xFF);
        }
        return fourByteLength(bytes, at, available);
    }

    /** {@link #sequenceLength} of a four-byte lead whose second byte has come and is a continuation byte. */
    private static int fourByteLength(byte[] bytes, int at, int available) {
        int lead = bytes[at] & 0xFF;
        int second = bytes[at + 1] & 0xFF;
        if (lead == 0xF0 && second < 0x90 || lead == 0xF4 && second > 0x8F) {
            return -1;
        }
        for (int i = 2; i < 4; i++) {
            if (available <= i) {
                return 0;
            }
            if (!continuation(bytes[at + i] & 0xFF)) {
                return -1;
            }
        }
        return 4;
    }

    /** {@link #sequenceLength} of a three-byte lead; {@code third} is -1 when it has not come. */
    private static int threeByteLength(int lead, int second, int third) {
        if (lead == 0xE0 && second < 0xA0) {
            return -1;
        }
        if (third < 0) {
            return 0;
        }
        return continuation(third) && !(lead == 0xED && second > 0x9F) ? 3 : -1;
    }

    private static boolean continuation(int b) {
        return (b & 0xC0) == 0x80;
    }

    /** What kind of malformed sequence starts at {@code at} (see the five classes the tests feed). */
    static String classify(byte[] bytes, int at, int end) {
        int lead = bytes[at] & 0xFF;
        int next = at + 1 < end ? bytes[at + 1] & 0xFF : -1;
        String hex = String.format("0x%02X", lead);
        if (lead >= 0x80 && lead <= 0xBF) {
            return "a continuation byte " + hex + " without a lead byte";
        }
        if (lead == 0xC0 || lead == 0xC1 || lead == 0xE0 && next >= 0x80 && next <= 0x9F
                || lead == 0xF0 && next >= 0x80 && next <= 0x8F) {
            return "an overlong encoding starting " + hex;
        }
        if (lead == 0xED && next >= 0xA0 && next <= 0xBF) {
            return "an encoded UTF-16 surrogate starting " + hex;
        }
        if (lead >= 0xF5 || lead == 0xF4 && next >= 0x90 && next <= 0xBF) {
            return lead >= 0xF5 ? "the byte " + hex + ", which never occurs in UTF-8"
                    : "a code point above U+10FFFF starting " + hex;
        }
        return "a sequence starting " + hex + " cut short";
    }

    /** Lenient text in which each malformed sequence is {@link #MALFORMED}. */
    static String marked(byte[] bytes) {
        return decode(bytes, false);
    }

    /** Lenient text in which each byte of a malformed sequence reads {@code \xHH}. */
    static String described(byte[] bytes) {
        return decode(bytes, true);
    }

    /** Whether {@link #marked} text had a malformed sequence inside {@code text}. */
    static boolean hasMalformed(String text) {
        return text.indexOf(MALFORMED) >= 0;
    }

    private static String decode(byte[] bytes, boolean escapes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(Math.min(Math.max(16, bytes.length), 64 * 1024));
        StringBuilder text = new StringBuilder(bytes.length);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            out.flip();
            text.append(out);
            out.clear();
            if (result.isError()) {
                int at = in.position();
                if (escapes) {
                    for (int i = 0; i < result.length(); i++) {
                        text.append(String.format("\\x%02X", bytes[at + i] & 0xFF));
                    }
                } else {
                    text.append(MALFORMED);
                }
                in.position(at + result.length());
            } else if (result.isUnderflow()) {
                return text.toString();
            }
        }
    }

    /**
     * The first line of {@link #marked} text that mentions one of {@code keywords} and holds a
     * malformed sequence: such a line is one a parser would read, so its value cannot be known.
     * Lines that mention none (another input device's name, say) do not matter.
     */
    static Optional<String> unreadableLine(String markedText, String... keywords) {
        if (!hasMalformed(markedText)) {
            return Optional.empty();
        }
        for (String line : markedText.split("\n", -1)) {
            if (hasMalformed(line)) {
                for (String keyword : keywords) {
                    if (line.contains(keyword)) {
                        return Optional.of(line.strip().replace(MALFORMED, '\uFFFD'));
                    }
                }
            }
        }
        return Optional.empty();
    }
}
