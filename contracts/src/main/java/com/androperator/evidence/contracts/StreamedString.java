package com.androperator.evidence.contracts;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonToken;

/**
 * A JSON string value kept as UTF-8 bytes outside the heap's String representation: the hierarchy
 * XML of a large Operator envelope, spooled by the adapter that received it. Written to JSON it is
 * an ordinary string, streamed from {@link #openUtf8()} so that no whole copy is built in memory;
 * read back it is a String like any other. Its bytes are valid UTF-8 (the reader that produced it
 * decoded them strictly), so they are written exactly as received.
 */
public abstract class StreamedString extends Utf8Value {

    /** Text already in memory. */
    public static StreamedString of(String text) {
        return new InMemory(Objects.requireNonNull(text, "text"));
    }

    @Override
    final JsonToken firstToken() {
        return JsonToken.VALUE_STRING;
    }

    @Override
    void writeTo(JsonGenerator generator) throws JacksonException {
        try (Reader reader = new InputStreamReader(openUtf8(), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT))) {
            generator.writeString(new PairPreservingReader(reader), -1);
        } catch (IOException e) {
            throw new UncheckedIOException("the streamed text could not be read while writing JSON", e);
        }
    }

    @Override
    public String toString() {
        return "StreamedString[" + utf8Length() + " UTF-8 bytes]";
    }

    private static final class InMemory extends StreamedString {
        private final String text;
        private final byte[] utf8;

        InMemory(String text) {
            this.text = text;
            this.utf8 = text.getBytes(StandardCharsets.UTF_8);
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
        public String readString() {
            return text;
        }

        @Override
        void writeTo(JsonGenerator generator) {
            generator.writeString(text);
        }

        @Override
        public boolean equals(@Nullable Object other) {
            return other instanceof InMemory that && text.equals(that.text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }
    }

    /**
     * Never ends a read between the two halves of a surrogate pair, so that a generator writing
     * each buffer as it comes always sees whole characters.
     */
    private static final class PairPreservingReader extends Reader {
        private final Reader in;
        /** A character read ahead and not yet returned (the high half of a pair), or -1. */
        private int pending = -1;

        PairPreservingReader(Reader in) {
            this.in = in;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            int filled = 0;
            if (pending >= 0) {
                buffer[offset] = (char) pending;
                pending = -1;
                filled = 1;
            }
            if (filled < length) {
                int read = in.read(buffer, offset + filled, length - filled);
                if (read < 0) {
                    return filled == 0 ? -1 : filled;
                }
                filled += read;
            }
            char last = buffer[offset + filled - 1];
            if (!Character.isHighSurrogate(last)) {
                return filled;
            }
            if (filled > 1) {
                pending = last;
                return filled - 1;
            }
            int partner = in.read();
            if (partner < 0) {
                return 1;
            }
            if (length >= 2) {
                buffer[offset + 1] = (char) partner;
                return 2;
            }
            pending = partner;
            return 1;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
