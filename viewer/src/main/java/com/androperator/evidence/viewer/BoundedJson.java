package com.androperator.evidence.viewer;

import com.androperator.evidence.conformance.BundleFileOpen;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads a JSON file as a token stream into a {@link JsonValue} of bounded size, whatever the file
 * holds: strings are streamed and only their first characters kept (an Operator envelope carries
 * the whole hierarchy as one string), and past a budget of values or a nesting depth the rest is
 * skipped and counted. Duplicate keys and trailing content are the verifier's to report; the last
 * duplicate wins here.
 */
final class BoundedJson {
    /** What one read may keep. */
    record Limits(int maxStringChars, int maxValues, int maxDepth) {
        /** The manifest: labels (2048 units) and contexts (16 KiB) are kept whole. */
        static final Limits MANIFEST = new Limits(20_000, 100_000, 64);
        /** captures.json: records and spans whole, envelope texts cut short. */
        static final Limits CAPTURES = new Limits(2_000, 50_000, 48);
    }

    /** The outcome of one read. */
    sealed interface Read {
        record Parsed(JsonValue root, boolean trimmed) implements Read {
        }

        record Missing() implements Read {
        }

        record Unreadable(String reason) implements Read {
        }
    }

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNestingDepth(100_000)
                    .maxNumberLength(100_000)
                    .build())
            .build();

    private final Limits limits;
    private long kept;
    private boolean trimmed;

    private BoundedJson(Limits limits) {
        this.limits = limits;
    }

    /** Reads {@code file} (never through a symbolic link). */
    static Read read(Path file, Limits limits) {
        try (InputStream in = BundleFileOpen.open(file)) {
            return read(in, limits);
        } catch (NoSuchFileException e) {
            return new Read.Missing();
        } catch (IOException e) {
            return new Read.Unreadable("cannot be read: " + e.getMessage());
        }
    }

    static Read read(InputStream in, Limits limits) {
        BoundedJson reader = new BoundedJson(limits);
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), in)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return new Read.Unreadable("is empty");
            }
            JsonValue root = reader.value(parser, 0);
            return new Read.Parsed(root, reader.trimmed);
        } catch (JacksonException e) {
            return new Read.Unreadable("is not JSON: " + e.getOriginalMessage() + location(e));
        }
    }

    private static String location(JacksonException e) {
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr() + ")";
    }

    /** The value at the current token; the parser is left on its last token. */
    private JsonValue value(JsonParser parser, int depth) {
        JsonToken token = parser.currentToken();
        kept++;
        return switch (token) {
            case START_OBJECT -> depth >= limits.maxDepth() ? tooDeep(parser) : object(parser, depth);
            case START_ARRAY -> depth >= limits.maxDepth() ? tooDeep(parser) : array(parser, depth);
            case VALUE_STRING -> string(parser);
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new JsonValue.Num(parser.getString());
            case VALUE_TRUE -> new JsonValue.Bool(true);
            case VALUE_FALSE -> new JsonValue.Bool(false);
            case VALUE_NULL -> new JsonValue.Null();
            default -> throw new IllegalStateException("unexpected JSON token " + token);
        };
    }

    private JsonValue tooDeep(JsonParser parser) {
        parser.skipChildren();
        trimmed = true;
        return new JsonValue.TooDeep();
    }

    private JsonValue object(JsonParser parser, int depth) {
        Map<String, JsonValue> members = new LinkedHashMap<>();
        long omitted = 0;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            if (kept >= limits.maxValues()) {
                skip(parser);
                omitted++;
            } else {
                members.remove(name);
                members.put(name, value(parser, depth + 1));
            }
        }
        return new JsonValue.Obj(members, omitted);
    }

    private JsonValue array(JsonParser parser, int depth) {
        List<JsonValue> items = new ArrayList<>();
        long omitted = 0;
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (kept >= limits.maxValues()) {
                skip(parser);
                omitted++;
            } else {
                items.add(value(parser, depth + 1));
            }
        }
        return new JsonValue.Arr(items, omitted);
    }

    private void skip(JsonParser parser) {
        trimmed = true;
        parser.skipChildren();
    }

    private JsonValue string(JsonParser parser) {
        Prefix prefix = new Prefix(limits.maxStringChars());
        parser.readString(prefix);
        if (prefix.omitted > 0) {
            trimmed = true;
        }
        return new JsonValue.Str(prefix.text.toString(), prefix.omitted);
    }

    /** Keeps the first characters written to it and counts the rest. */
    private static final class Prefix extends Writer {
        private final StringBuilder text = new StringBuilder();
        private final int capacity;
        private long omitted;

        Prefix(int capacity) {
            this.capacity = capacity;
        }

        @Override
        public void write(char[] chars, int offset, int length) {
            int room = Math.max(0, Math.min(length, capacity - text.length()));
            text.append(chars, offset, room);
            omitted += length - room;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
