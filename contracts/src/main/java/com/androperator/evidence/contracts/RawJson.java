package com.androperator.evidence.contracts;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonToken;
import tools.jackson.core.SerializableString;

/**
 * One JSON value kept as the exact UTF-8 bytes it arrived in, after a strict reader checked them
 * (one RFC 8259 value, strict UTF-8, nothing after it): the Operator's envelope in captures.json.
 * Written into a JSON document verbatim, as a raw value, never parsed into a tree and encoded
 * again: the 200 KB hierarchy inside an envelope costs a copy of its bytes, not a decode and an
 * escape of every character. Whoever makes one vouches for the check; read back, the document
 * holds an ordinary JSON value. Two are equal when their bytes are.
 */
public abstract class RawJson extends Utf8Value {
    /** Bytes written at a time for a value read from a stream; a whole value in memory goes in one write. */
    private static final int PIECE_BYTES = 64 * 1024;

    /** A checked value already in memory; {@code utf8} is the caller's and must not change afterwards. */
    public static RawJson of(byte[] utf8) {
        return new InMemory(Objects.requireNonNull(utf8, "utf8"));
    }

    /** Whether the value is a JSON object: its first byte after white space opens one. */
    public boolean isObject() {
        try (InputStream in = openUtf8()) {
            int b = in.read();
            while (b == ' ' || b == '\t' || b == '\n' || b == '\r') {
                b = in.read();
            }
            return b == '{';
        } catch (IOException e) {
            throw new UncheckedIOException("the raw JSON could not be read", e);
        }
    }

    @Override
    final JsonToken firstToken() {
        return isObject() ? JsonToken.START_OBJECT : JsonToken.VALUE_EMBEDDED_OBJECT;
    }

    /** Writes the bytes as they are, in pieces cut between characters, so that a character-based generator decodes whole ones. */
    @Override
    void writeTo(JsonGenerator generator) throws JacksonException {
        try (InputStream in = openUtf8()) {
            byte[] buffer = new byte[(int) Math.min(PIECE_BYTES, Math.max(4, utf8Length()))];
            int held = 0;
            boolean first = true;
            while (true) {
                int read = in.read(buffer, held, buffer.length - held);
                int filled = held + Math.max(read, 0);
                int whole = read < 0 ? filled : wholeCharacters(buffer, filled);
                if (whole > 0 || first) {
                    Piece piece = new Piece(buffer, whole);
                    if (first) {
                        generator.writeRawValue(piece);
                        first = false;
                    } else {
                        generator.writeRaw(piece);
                    }
                }
                if (read < 0) {
                    return;
                }
                held = filled - whole;
                System.arraycopy(buffer, whole, buffer, 0, held);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the raw JSON could not be read while writing JSON", e);
        }
    }

    @Override
    public boolean equals(@Nullable Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof RawJson that) || utf8Length() != that.utf8Length()) {
            return false;
        }
        try (InputStream mine = openUtf8(); InputStream theirs = that.openUtf8()) {
            return Arrays.equals(mine.readAllBytes(), theirs.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("the raw JSON could not be read to compare it", e);
        }
    }

    @Override
    public int hashCode() {
        return Long.hashCode(utf8Length());
    }

    @Override
    public String toString() {
        return "RawJson[" + utf8Length() + " UTF-8 bytes]";
    }

    /** How many of the first {@code length} bytes end on a character boundary (a cut sequence is held back). */
    private static int wholeCharacters(byte[] bytes, int length) {
        int start = length;
        while (start > 0 && start > length - 4 && (bytes[start - 1] & 0xC0) == 0x80) {
            start--;
        }
        if (start == 0) {
            return length;
        }
        int lead = bytes[start - 1] & 0xFF;
        int needed = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return length - (start - 1) >= needed ? length : start - 1;
    }

    private static final class InMemory extends RawJson {
        private final byte[] utf8;

        InMemory(byte[] utf8) {
            this.utf8 = utf8;
        }

        @Override
        public long utf8Length() {
            return utf8.length;
        }

        @Override
        public InputStream openUtf8() {
            return new ByteArrayInputStream(utf8);
        }

        @Override
        void writeTo(JsonGenerator generator) {
            generator.writeRawValue(new Piece(utf8, utf8.length));
        }

        @Override
        public boolean equals(@Nullable Object other) {
            return other instanceof InMemory that ? Arrays.equals(utf8, that.utf8) : super.equals(other);
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    /**
     * The first {@code length} bytes of a buffer, whole UTF-8 characters, as Jackson's raw-write
     * argument: a byte-based generator copies them unchanged, a character-based one decodes them.
     * Only the unquoted forms are ever asked for by a raw write.
     */
    private static final class Piece implements SerializableString {
        private final byte[] bytes;
        private final int length;

        Piece(byte[] bytes, int length) {
            this.bytes = bytes;
            this.length = length;
        }

        @Override
        public String getValue() {
            return new String(bytes, 0, length, StandardCharsets.UTF_8);
        }

        @Override
        public int charLength() {
            return getValue().length();
        }

        @Override
        public byte[] asUnquotedUTF8() {
            return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
        }

        @Override
        public int appendUnquotedUTF8(byte[] buffer, int offset) {
            if (offset + length > buffer.length) {
                return -1;
            }
            System.arraycopy(bytes, 0, buffer, offset, length);
            return length;
        }

        @Override
        public int appendUnquoted(char[] buffer, int offset) {
            String value = getValue();
            if (offset + value.length() > buffer.length) {
                return -1;
            }
            value.getChars(0, value.length(), buffer, offset);
            return value.length();
        }

        @Override
        public int writeUnquotedUTF8(OutputStream out) throws IOException {
            out.write(bytes, 0, length);
            return length;
        }

        @Override
        public int putUnquotedUTF8(ByteBuffer buffer) {
            if (buffer.remaining() < length) {
                return -1;
            }
            buffer.put(bytes, 0, length);
            return length;
        }

        @Override
        public char[] asQuotedChars() {
            throw quoted();
        }

        @Override
        public byte[] asQuotedUTF8() {
            throw quoted();
        }

        @Override
        public int appendQuotedUTF8(byte[] buffer, int offset) {
            throw quoted();
        }

        @Override
        public int appendQuoted(char[] buffer, int offset) {
            throw quoted();
        }

        @Override
        public int writeQuotedUTF8(OutputStream out) {
            throw quoted();
        }

        @Override
        public int putQuotedUTF8(ByteBuffer buffer) {
            throw quoted();
        }

        private static UnsupportedOperationException quoted() {
            return new UnsupportedOperationException("a raw JSON value is written unquoted, never as a string");
        }
    }
}
