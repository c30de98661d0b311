package com.androperator.evidence.adapters.adb;

import com.androperator.evidence.contracts.ParserLimits;
import com.androperator.evidence.contracts.StreamedString;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A strict JSON reader (RFC 8259) for what the device sends: result envelopes and chunk headers.
 * It reads a stream once, with memory bounded whatever the input:
 * <ul>
 *   <li>the bytes are checked as strict UTF-8; a malformed sequence is refused with its class and
 *       byte offset, never replaced; a string's plain runs are kept as the bytes they came in;</li>
 *   <li>a string escape that stands for a lone surrogate ({@code \\uD800} alone) is refused too:
 *       no UTF-8 can hold it, so keeping it would mean rewriting it;</li>
 *   <li>strings longer than {@link ParserLimits#JSON_IN_MEMORY_STRING_CHARS} (the hierarchy XML of
 *       a large snapshot), or any once {@link ParserLimits#JSON_IN_MEMORY_TOTAL_CHARS} are held,
 *       go to one spool for the document, as UTF-8, and are {@link StreamedString}s in the tree;</li>
 *   <li>every other limit is explicit: nesting, values, string, name and number lengths
 *       ({@link ParserLimits}); duplicate keys and anything after the value are refused.</li>
 * </ul>
 * Objects are {@link LinkedHashMap}s in document order, arrays {@link ArrayList}s, integers
 * Integer/Long/BigInteger, other numbers BigDecimal (as the contract mapper reads them), and
 * {@code null} is null.
 */
final class DeviceJson {
    /** How every UTF-8 rejection's reason starts. */
    static final String NOT_UTF8 = "not valid UTF-8";
    private static final int BUFFER = 64 * 1024;
    private static final Pattern NUMBER = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

    /** The input is not JSON this reader accepts; {@code reason} says what and where. */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * One document read: its value, and the spool of its long strings (null when there are none),
     * which must stay open while those strings are read and is closed by {@link #close()}.
     */
    record Document(Object value, ResultSpool strings) implements AutoCloseable {
        @Override
        public void close() {
            if (strings != null) {
                strings.close();
            }
        }
    }

    private final StrictUtf8Bytes input;
    /** The string being read. */
    private final Utf8Value text = new Utf8Value();
    private int values;
    private long inMemoryChars;
    private ResultSpool strings;
    /**
     * At least the document's length where the caller knows it (a reassembled result's byteLength,
     * marker included), else 0: its strings' UTF-8 is never longer than their JSON text (an escape
     * is at least as long as the UTF-8 it stands for), so their spool is made that large at once.
     */
    private final long knownSize;

    private DeviceJson(InputStream in, long byteOffset, long sizeHint) {
        // A chunk header is about 1.4 KB: its buffers are that small, a whole result's are 64 KiB.
        this.input = new StrictUtf8Bytes(in, byteOffset, (int) Math.max(16, Math.min(BUFFER, sizeHint + 4)));
        this.knownSize = sizeHint <= ParserLimits.RESULT_IN_MEMORY_BYTES ? sizeHint : 0;
    }

    /**
     * Reads one JSON document from {@code in} (to its end). {@code byteOffset} is where the stream
     * starts in the line it comes from, so that reported offsets are the line's; {@code sizeHint}
     * is the stream's length where known (it sizes the buffers, and up to the in-memory limit the
     * long strings' spool), else any number over {@link ParserLimits#RESULT_IN_MEMORY_BYTES} (then
     * nothing is sized by it beyond the read buffer's 64 KiB).
     */
    static Document read(InputStream in, long byteOffset, long sizeHint) throws Malformed, IOException {
        DeviceJson reader = new DeviceJson(in, byteOffset, sizeHint);
        try {
            Object value = reader.value(0);
            reader.skipWhitespace();
            if (reader.peek() >= 0) {
                throw reader.malformed("content after the JSON value");
            }
            return new Document(value, reader.strings);
        } catch (Malformed | IOException | RuntimeException e) {
            if (reader.strings != null) {
                reader.strings.close();
            }
            throw e;
        }
    }

    private Object value(int depth) throws Malformed, IOException {
        if (++values > ParserLimits.JSON_MAX_VALUES) {
            throw malformed("more than " + ParserLimits.JSON_MAX_VALUES + " values");
        }
        skipWhitespace();
        int c = next();
        return switch (c) {
            case '{' -> object(depth + 1);
            case '[' -> array(depth + 1);
            case '"' -> string(false);
            case 't' -> literal("rue", Boolean.TRUE);
            case 'f' -> literal("alse", Boolean.FALSE);
            case 'n' -> literal("ull", null);
            case -1 -> throw malformed("the document ends where a value was expected");
            default -> {
                if (c == '-' || c >= '0' && c <= '9') {
                    yield number((char) c);
                }
                throw malformed("unexpected " + shown(c) + " where a value was expected");
            }
        };
    }

    private Map<String, Object> object(int depth) throws Malformed, IOException {
        checkDepth(depth);
        Map<String, Object> object = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            next();
            return object;
        }
        while (true) {
            skipWhitespace();
            int quote = next();
            if (quote != '"') {
                throw malformed("expected a property name in quotes, found " + shown(quote));
            }
            String name = (String) string(true);
            if (object.containsKey(name)) {
                throw malformed("duplicate key \"" + Text.abbreviate(name, 80) + "\"");
            }
            skipWhitespace();
            int colon = next();
            if (colon != ':') {
                throw malformed("expected ':' after a property name, found " + shown(colon));
            }
            object.put(name, value(depth));
            skipWhitespace();
            int separator = next();
            if (separator == '}') {
                return object;
            }
            if (separator != ',') {
                throw malformed("expected ',' or '}' in an object, found " + shown(separator));
            }
        }
    }

    private List<Object> array(int depth) throws Malformed, IOException {
        checkDepth(depth);
        List<Object> array = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            next();
            return array;
        }
        while (true) {
            array.add(value(depth));
            skipWhitespace();
            int separator = next();
            if (separator == ']') {
                return array;
            }
            if (separator != ',') {
                throw malformed("expected ',' or ']' in an array, found " + shown(separator));
            }
        }
    }

    /** The string after its opening quote: a String, or (long, not a name) a StreamedString in the spool. */
    private Object string(boolean name) throws Malformed, IOException {
        text.reset();
        long utf8Bytes = 0;
        // Once the string is too long to keep, its bytes go on to the spool as they come.
        long spilledFrom = -1;
        while (true) {
            // Plain bytes in bulk, short of any limit, so every limit is still met at the character that crosses it.
            int plain = input.takePlainRun(text, plainRunLimit(name, utf8Bytes));
            if (plain > 0) {
                utf8Bytes += plain;
            } else {
                int c = next();
                if (c == '"') {
                    break;
                }
                utf8Bytes += special(c);
            }
            if (name) {
                if (text.chars() > ParserLimits.JSON_MAX_NAME_CHARS) {
                    throw malformed("a property name is longer than " + ParserLimits.JSON_MAX_NAME_CHARS + " characters");
                }
                continue;
            }
            if (utf8Bytes > ParserLimits.JSON_MAX_STRING_BYTES) {
                throw malformed("a string is longer than " + ParserLimits.JSON_MAX_STRING_BYTES + " UTF-8 bytes");
            }
            if (spilledFrom < 0 && (text.chars() > ParserLimits.JSON_IN_MEMORY_STRING_CHARS
                    || inMemoryChars + text.chars() > ParserLimits.JSON_IN_MEMORY_TOTAL_CHARS)) {
                spilledFrom = spool().size();
                text.spillTo(strings);
            }
        }
        if (name) {
            return text.toString();
        }
        if (spilledFrom < 0) {
            inMemoryChars += text.chars();
            return text.toString();
        }
        text.finish();
        return new SpooledString(strings, spilledFrom, strings.size() - spilledFrom);
    }

    /** One character of a string that is not plain (or plain at a limit): appended to {@link #text}; its UTF-8 length. */
    private int special(int c) throws Malformed, IOException {
        if (c < 0) {
            throw malformed("a string is not closed before the end of the document");
        }
        if (c == '\\') {
            return escape();
        }
        if (c < 0x20) {
            throw malformed(String.format("a raw control character U+%04X inside a string", c));
        }
        text.append((char) c);
        return c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate((char) c) ? 2 : 3;
    }

    /** How many plain characters may be taken at once without passing the name or string limit (3 UTF-8 bytes at most each). */
    private int plainRunLimit(boolean name, long utf8Bytes) {
        if (name) {
            return ParserLimits.JSON_MAX_NAME_CHARS - text.chars();
        }
        return (int) Math.min(Integer.MAX_VALUE, (ParserLimits.JSON_MAX_STRING_BYTES - utf8Bytes) / 3);
    }

    /** An escape after its backslash, appended to {@link #text}; returns its UTF-8 length. */
    private int escape() throws Malformed, IOException {
        int c = next();
        char decoded;
        switch (c) {
            case '"' -> decoded = '"';
            case '\\' -> decoded = '\\';
            case '/' -> decoded = '/';
            case 'b' -> decoded = '\b';
            case 'f' -> decoded = '\f';
            case 'n' -> decoded = '\n';
            case 'r' -> decoded = '\r';
            case 't' -> decoded = '\t';
            case 'u' -> {
                char unit = hexUnit();
                if (Character.isLowSurrogate(unit)) {
                    throw unpaired(unit);
                }
                if (Character.isHighSurrogate(unit)) {
                    if (next() != '\\' || next() != 'u') {
                        throw unpaired(unit);
                    }
                    char low = hexUnit();
                    if (!Character.isLowSurrogate(low)) {
                        throw unpaired(unit);
                    }
                    text.append(unit);
                    text.append(low);
                    return 4;
                }
                decoded = unit;
            }
            default -> throw malformed("an invalid escape \\" + (c < 0 ? "" : shown(c)) + " in a string");
        }
        text.append(decoded);
        return decoded < 0x80 ? 1 : decoded < 0x800 ? 2 : 3;
    }

    private char hexUnit() throws Malformed, IOException {
        int unit = 0;
        for (int i = 0; i < 4; i++) {
            int c = next();
            int digit = Character.digit(c < 0 ? -1 : c, 16);
            if (c < 0 || digit < 0 || c > 0x7F) {
                throw malformed("a \\u escape needs four hex digits, found " + shown(c));
            }
            unit = unit * 16 + digit;
        }
        return (char) unit;
    }

    private Malformed unpaired(char unit) {
        return malformed(String.format("the escape \\u%04X is an unpaired surrogate: it stands for no character,"
                + " so no UTF-8 can hold it and it is never rewritten", (int) unit));
    }

    private Object literal(String rest, Object value) throws Malformed, IOException {
        for (int i = 0; i < rest.length(); i++) {
            int c = next();
            if (c != rest.charAt(i)) {
                throw malformed("an unknown literal (expected true, false or null), found " + shown(c));
            }
        }
        return value;
    }

    private Object number(char first) throws Malformed, IOException {
        StringBuilder digits = new StringBuilder().append(first);
        while (true) {
            int c = peek();
            if (!(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) {
                break;
            }
            next();
            digits.append((char) c);
            if (digits.length() > ParserLimits.JSON_MAX_NUMBER_CHARS) {
                throw malformed("a number is longer than " + ParserLimits.JSON_MAX_NUMBER_CHARS + " characters");
            }
        }
        String literal = digits.toString();
        if (plainInteger(literal)) {
            long integer = Long.parseLong(literal);
            return integer == (int) integer ? (Object) (int) integer : (Object) integer;
        }
        if (!NUMBER.matcher(literal).matches()) {
            throw malformed("\"" + Text.abbreviate(literal, 40) + "\" is not a JSON number");
        }
        if (literal.indexOf('.') < 0 && literal.indexOf('e') < 0 && literal.indexOf('E') < 0) {
            BigInteger integer = new BigInteger(literal);
            if (integer.bitLength() < 32) {
                return integer.intValue();
            }
            return integer.bitLength() < 64 ? (Object) integer.longValue() : integer;
        }
        try {
            return new BigDecimal(literal);
        } catch (NumberFormatException | ArithmeticException e) {
            throw malformed("the number " + Text.abbreviate(literal, 40) + " is out of range");
        }
    }

    /**
     * Whether {@code literal} is a JSON integer short enough for a long (a chunk header's index,
     * count and byteLength): read without the pattern and BigInteger, to the same value.
     */
    private static boolean plainInteger(String literal) {
        int first = literal.startsWith("-") ? 1 : 0;
        int length = literal.length() - first;
        if (length < 1 || length > 18 || length > 1 && literal.charAt(first) == '0') {
            return false;
        }
        for (int i = first; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private void checkDepth(int depth) throws Malformed {
        if (depth > ParserLimits.JSON_MAX_DEPTH) {
            throw malformed("nesting deeper than " + ParserLimits.JSON_MAX_DEPTH + " levels");
        }
    }

    private ResultSpool spool() {
        if (strings == null) {
            // Made as large as the document at once where its size is known (the hierarchy XML: one
            // array of its size, not three doubling to it, about 0.1 MB less garbage a capture).
            strings = new ResultSpool(ParserLimits.RESULT_IN_MEMORY_BYTES, knownSize);
        }
        return strings;
    }

    private void skipWhitespace() throws Malformed, IOException {
        while (true) {
            int c = peek();
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            next();
        }
    }

    private int peek() throws Malformed, IOException {
        return input.peek();
    }

    private int next() throws Malformed, IOException {
        return input.next();
    }

    private Malformed malformed(String what) {
        return new Malformed(what + " (at character " + input.charIndex() + ")");
    }

    private static String shown(int c) {
        if (c < 0) {
            return "the end of the document";
        }
        return c >= 0x20 && c < 0x7F ? "'" + (char) c + "'" : String.format("U+%04X", c);
    }
}
