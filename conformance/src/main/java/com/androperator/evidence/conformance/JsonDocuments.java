package com.androperator.evidence.conformance;

import com.androperator.evidence.conformance.content.StrictUtf8InputStream;
import com.androperator.evidence.contracts.ParserLimits;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads manifest.json and captures.json from their streams: strict UTF-8 on every byte, one JSON
 * object with nothing after it, no duplicate keys, no unpaired surrogate escapes (strict readers
 * refuse them), floats kept as decimals. The tree is held for the schema and the rules: memory is
 * proportional to the document, whose strings are bounded by the contract's 256 MiB result cap,
 * its bytes and tokens by {@link ParserLimits} (8 MiB and 200,000 for a manifest).
 */
final class JsonDocuments {
    /** The Operator result cap (256 MiB): no contract string can be longer in characters. */
    static final int MAX_STRING_CHARS = 256 * 1024 * 1024;
    static final int MAX_NESTING = 500;

    /** manifest.json: a few KiB in any real bundle, so a tight bound on bytes and tokens. */
    private static final JsonMapper MANIFEST_READER = reader(ParserLimits.BUNDLE_MANIFEST_MAX_BYTES,
            ParserLimits.BUNDLE_MANIFEST_MAX_TOKENS);
    /** captures.json: strings up to the result cap, few tokens. */
    private static final JsonMapper CAPTURES_READER = reader(ParserLimits.BUNDLE_JSON_MAX_DOCUMENT_BYTES,
            ParserLimits.BUNDLE_CAPTURES_MAX_TOKENS);

    private static JsonMapper reader(long maxBytes, long maxTokens) {
        return JsonMapper.builder(JsonFactory.builder()
                        .streamReadConstraints(StreamReadConstraints.builder()
                                .maxStringLength(MAX_STRING_CHARS)
                                .maxNestingDepth(MAX_NESTING)
                                .maxDocumentLength(maxBytes)
                                .maxTokenCount(maxTokens)
                                .build())
                        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                        // The caller's stream stays open: the rest of its pass (hash, drain) still reads it.
                        .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                        .build())
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /** A JSON object, or why the bytes are not one. */
    sealed interface Parsed {
        record Document(JsonNode tree) implements Parsed {
        }

        /** {@code reason} is a clause that follows the file's name: "is not valid JSON: ...". */
        record Invalid(String reason) implements Parsed {
        }

        /** Past a bound on bytes or tokens: not read further, so memory stays bounded; {@code reason} as above. */
        record TooLarge(String reason) implements Parsed {
        }
    }

    private JsonDocuments() {
    }

    /** Reads a JSON object from {@code in} to its end (manifest.json); the stream is read, never closed. */
    static Parsed read(InputStream in) throws IOException {
        return read(in, MANIFEST_READER, false);
    }

    /** Reads a JSON array from {@code in} to its end (captures.json); the stream is read, never closed. */
    static Parsed readArray(InputStream in) throws IOException {
        return read(in, CAPTURES_READER, true);
    }

    private static Parsed read(InputStream in, JsonMapper reader, boolean array) throws IOException {
        StrictUtf8InputStream bytes = new StrictUtf8InputStream(in);
        JsonNode tree;
        try {
            tree = reader.readTree(bytes);
            bytes.drain();
        } catch (StrictUtf8InputStream.MalformedUtf8Exception e) {
            return new Parsed.Invalid("is " + e.getMessage());
        } catch (StreamConstraintsException e) {
            String bound = bound(e, reader.tokenStreamFactory().streamReadConstraints());
            if (bound != null) {
                return new Parsed.TooLarge(bound);
            }
            return new Parsed.Invalid("is not valid JSON: " + e.getOriginalMessage());
        } catch (JacksonException e) {
            if (e.getCause() instanceof StrictUtf8InputStream.MalformedUtf8Exception malformed) {
                return new Parsed.Invalid("is " + malformed.getMessage());
            }
            return new Parsed.Invalid("is not valid JSON: " + e.getOriginalMessage());
        }
        if (tree == null || (array ? !tree.isArray() : !tree.isObject())) {
            return new Parsed.Invalid(array ? "is not a JSON array" : "is not a JSON object");
        }
        String surrogate = unpairedSurrogate(tree, "");
        return surrogate == null ? new Parsed.Document(tree)
                : new Parsed.Invalid("has an unpaired surrogate escape at " + surrogate
                        + "; strict JSON readers refuse it");
    }

    /** The clause for a document past its byte or token bound, or null for another constraint. */
    private static String bound(StreamConstraintsException e, StreamReadConstraints limits) {
        String message = String.valueOf(e.getOriginalMessage());
        if (message.contains("getMaxDocumentLength")) {
            return "is larger than " + limits.getMaxDocumentLength() + " bytes, the most a bundle's file of its kind may"
                    + " have; it is not read further";
        }
        if (message.contains("getMaxTokenCount")) {
            return "has more than " + limits.getMaxTokenCount() + " JSON tokens, the most a bundle's file of its kind may"
                    + " have; it is not read further";
        }
        return null;
    }

    /** The JSON pointer of the first string or key with an unpaired surrogate, or null. */
    private static String unpairedSurrogate(JsonNode node, String pointer) {
        if (node.isString()) {
            return hasUnpairedSurrogate(node.stringValue()) ? (pointer.isEmpty() ? "/" : pointer) : null;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String found = unpairedSurrogate(node.get(i), pointer + "/" + i);
                if (found != null) {
                    return found;
                }
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                String child = pointer + "/" + Pointers.escape(property.getKey());
                if (hasUnpairedSurrogate(property.getKey())) {
                    return child;
                }
                String found = unpairedSurrogate(property.getValue(), child);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    static boolean hasUnpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
