package com.androperator.evidence.contracts;

import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.PrettyPrinter;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.exc.StreamWriteException;
import tools.jackson.core.util.DefaultPrettyPrinter;

/**
 * Writes a contract value through a {@link JsonGenerator} without Jackson's databind: each record
 * by its {@link ContractLayout}, made from its annotations, and the JSON values the contracts hold
 * (text, numbers, flags, lists, maps with text keys, {@link Utf8Value}s) as databind writes them.
 * Anything else (an {@code Instant} in details, a type of another package) goes to the
 * annotation-reading mapper, inside the same generator.
 *
 * <p>Why: databind builds a serializer for each type once per process, reading its annotations
 * through reflection, which makes a proxy class for each annotation type and method handles for
 * each property; a one-shot capture paid about a quarter of its CPU for the three documents it
 * writes (docs/benchmarks.md, "Fifth pass"). {@code ContractWriterTest} holds the two writers to the
 * same bytes for every contract sample.
 */
final class ContractWriter {
    private static final ClassValue<Accessors> ACCESSORS = new ClassValue<>() {
        @Override
        protected Accessors computeValue(Class<?> type) {
            return Accessors.of(type);
        }
    };

    private static final Settings COMPACT = new Settings(false, true);
    private static final Settings COMPACT_TO_OPEN_STREAM = new Settings(false, false);
    private static final Settings PRETTY = new Settings(true, true);
    private static final Settings PRETTY_TO_OPEN_STREAM = new Settings(true, false);

    private ContractWriter() {
    }

    /**
     * {@code value} as one UTF-8 JSON document on {@code out}, indented with Jackson's default pretty
     * printer or compact; {@code out} is flushed, and closed only when {@code closesOut}.
     */
    static void writeDocument(OutputStream out, @Nullable Object value, boolean pretty, boolean closesOut)
            throws JacksonException {
        Settings settings = pretty ? closesOut ? PRETTY : PRETTY_TO_OPEN_STREAM
                : closesOut ? COMPACT : COMPACT_TO_OPEN_STREAM;
        writeDocument(ContractJson.FACTORY.createGenerator(settings, out), value);
    }

    /** {@code value} as one compact JSON document on {@code out}, which is closed. */
    static void writeDocument(Writer out, @Nullable Object value) throws JacksonException {
        writeDocument(ContractJson.FACTORY.createGenerator(COMPACT, out), value);
    }

    /**
     * Writes and closes. A failure leaves what was written as it was, without closing the open
     * objects and arrays (as databind does), so that kept bytes never look whole; it is thrown as a
     * JacksonException, or as the UncheckedIOException of a spool that could not be read, which is
     * what the writers' callers catch.
     */
    private static void writeDocument(JsonGenerator generator, @Nullable Object value) throws JacksonException {
        try {
            write(generator, value);
        } catch (RuntimeException failure) {
            generator.configure(StreamWriteFeature.AUTO_CLOSE_CONTENT, false);
            try {
                generator.close();
            } catch (RuntimeException closing) {
                failure.addSuppressed(closing);
            }
            throw failure instanceof JacksonException || failure instanceof UncheckedIOException ? failure
                    : new StreamWriteException(generator, "could not write " + describe(value) + ": " + failure, failure);
        }
        generator.close();
    }

    private static String describe(@Nullable Object value) {
        return value == null ? "null" : value.getClass().getName();
    }

    static void write(JsonGenerator generator, @Nullable Object value) throws JacksonException {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof Utf8Value utf8) {
            utf8.writeTo(generator);
        } else if (value instanceof List<?> list) {
            writeList(generator, list);
        } else if (value instanceof Map<?, ?> map && hasTextKeys(map)) {
            writeMap(generator, map);
        } else if (!writeScalar(generator, value)) {
            writeLaidOut(generator, value);
        }
    }

    /** Text, a flag or a number, as databind's standard serializers write them; false for anything else. */
    private static boolean writeScalar(JsonGenerator generator, Object value) {
        if (value instanceof String text) {
            generator.writeString(text);
        } else if (value instanceof Boolean flag) {
            generator.writeBoolean(flag);
        } else if (value instanceof Integer number) {
            generator.writeNumber(number.intValue());
        } else if (value instanceof Long number) {
            generator.writeNumber(number.longValue());
        } else if (value instanceof BigDecimal number) {
            generator.writeNumber(number);
        } else if (value instanceof BigInteger number) {
            generator.writeNumber(number);
        } else if (value instanceof Double number) {
            generator.writeNumber(number.doubleValue());
        } else {
            return false;
        }
        return true;
    }

    private static void writeList(JsonGenerator generator, List<?> list) {
        generator.writeStartArray(list, list.size());
        for (Object item : list) {
            write(generator, item);
        }
        generator.writeEndArray();
    }

    private static void writeMap(JsonGenerator generator, Map<?, ?> map) {
        generator.writeStartObject(map, map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            generator.writeName((String) entry.getKey());
            write(generator, entry.getValue());
        }
        generator.writeEndObject();
    }

    private static boolean hasTextKeys(Map<?, ?> map) {
        for (Object key : map.keySet()) {
            if (!(key instanceof String)) {
                return false;
            }
        }
        return true;
    }

    private static void writeLaidOut(JsonGenerator generator, Object value) {
        Class<?> type = value instanceof Enum<?> constant ? constant.getDeclaringClass() : value.getClass();
        Accessors accessors = ACCESSORS.get(type);
        if (accessors.valueMethod() != null) {
            write(generator, call(accessors.valueMethod(), value));
        } else if (accessors.layout() != null) {
            writeRecord(generator, value, accessors);
        } else {
            ContractJson.writeNested(generator, value);
        }
    }

    private static void writeRecord(JsonGenerator generator, Object value, Accessors accessors) {
        List<ContractLayout.WrittenProperty> properties = accessors.properties();
        generator.writeStartObject(value);
        for (int i = 0; i < properties.size(); i++) {
            ContractLayout.WrittenProperty property = properties.get(i);
            Object propertyValue = call(accessors.components()[i], value);
            if (propertyValue != null || !property.omittedWhenNull()) {
                generator.writeName(property.name());
                write(generator, propertyValue);
            }
        }
        generator.writeEndObject();
    }

    private static @Nullable Object call(Method accessor, Object value) {
        try {
            return accessor.invoke(value);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(accessor + " failed", e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(accessor + " cannot be called by the contract writer", e);
        }
    }

    /**
     * What databind's writers give a generator, and nothing else: Jackson's default pretty printer
     * (a fresh one per document, as it keeps the nesting) or none, and the stream write features
     * with or without closing the target.
     */
    private static final class Settings extends ObjectWriteContext.Base {
        private final boolean pretty;
        private final boolean closesTarget;

        Settings(boolean pretty, boolean closesTarget) {
            this.pretty = pretty;
            this.closesTarget = closesTarget;
        }

        @Override
        public @Nullable PrettyPrinter getPrettyPrinter() {
            return pretty ? new DefaultPrettyPrinter() : null;
        }

        @Override
        public boolean hasPrettyPrinter() {
            return pretty;
        }

        @Override
        public int getStreamWriteFeatures(int defaults) {
            return closesTarget ? defaults : defaults & ~StreamWriteFeature.AUTO_CLOSE_TARGET.getMask();
        }

        @Override
        public TokenStreamFactory tokenStreamFactory() {
            return ContractJson.FACTORY;
        }

        /** A serializer's {@code writePOJO} inside a document: written as the rest of it is. */
        @Override
        public void writeValue(JsonGenerator generator, @Nullable Object value) {
            write(generator, value);
        }
    }

    /**
     * A type's layout with the methods it calls: the value method, or each written property's
     * record accessor in the layout's order; neither for a type databind writes.
     */
    private record Accessors(@Nullable ContractLayout layout, @Nullable Method valueMethod, Method[] components) {
        static Accessors of(Class<?> type) {
            ContractLayout layout = ContractLayout.forType(type);
            if (layout == null) {
                return new Accessors(null, null, new Method[0]);
            }
            String valueMethod = layout.valueMethod();
            if (valueMethod != null) {
                return new Accessors(layout, method(type, valueMethod), new Method[0]);
            }
            Map<String, Method> byComponent = new HashMap<>();
            for (RecordComponent component : type.getRecordComponents()) {
                byComponent.put(component.getName(), component.getAccessor());
            }
            List<ContractLayout.WrittenProperty> properties = layout.properties();
            Method[] components = new Method[properties.size()];
            for (int i = 0; i < components.length; i++) {
                components[i] = byComponent.get(properties.get(i).component());
            }
            return new Accessors(layout, null, components);
        }

        List<ContractLayout.WrittenProperty> properties() {
            return layout == null ? List.of() : layout.properties();
        }

        private static Method method(Class<?> type, String name) {
            try {
                return type.getMethod(name);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type.getName() + " has no public method " + name + "()", e);
            }
        }
    }
}
