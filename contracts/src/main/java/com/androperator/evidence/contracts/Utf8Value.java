package com.androperator.evidence.contracts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonToken;
import tools.jackson.core.type.WritableTypeId;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.jsontype.TypeSerializer;

/**
 * UTF-8 bytes that may live outside the heap (a spool) and are written into JSON as they are read:
 * what {@link StreamedString} (a string value) and {@link RawJson} (a whole value) share.
 */
abstract class Utf8Value implements JacksonSerializable {

    /** The UTF-8 length, in bytes. */
    public abstract long utf8Length();

    /** A fresh stream over the UTF-8 bytes, from the start; the caller closes it. */
    public abstract InputStream openUtf8() throws IOException;

    /** The JSON token the value starts with, for a type prefix. */
    abstract JsonToken firstToken();

    /** The whole text as a String: only for values known to be small (tests, short fields). */
    public String readString() {
        try (InputStream in = openUtf8()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("the streamed UTF-8 could not be read", e);
        }
    }

    /**
     * Writes the value through {@code generator} as it is read: what Jackson's {@link #serialize}
     * and the contract writer ({@code ContractWriter}) both call.
     */
    abstract void writeTo(JsonGenerator generator) throws JacksonException;

    @Override
    public final void serialize(JsonGenerator generator, SerializationContext context) throws JacksonException {
        writeTo(generator);
    }

    @Override
    public void serializeWithType(JsonGenerator generator, SerializationContext context, TypeSerializer types)
            throws JacksonException {
        WritableTypeId typeId = types.writeTypePrefix(generator, context, types.typeId(this, firstToken()));
        writeTo(generator);
        types.writeTypeSuffix(generator, context, typeId);
    }
}
