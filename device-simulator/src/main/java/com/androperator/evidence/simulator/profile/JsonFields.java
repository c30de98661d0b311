package com.androperator.evidence.simulator.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/** Typed, strict access to one JSON object of a profile, with the key path in every error. */
final class JsonFields {

    private final JsonNode node;
    private final String path;

    private JsonFields(JsonNode node, String path) {
        this.node = node;
        this.path = path;
    }

    static JsonFields of(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            throw new InvalidProfileException(path + " must be an object");
        }
        return new JsonFields(node, path);
    }

    /** Rejects keys outside {@code allowed}: a misspelt key must not silently mean a default. */
    JsonFields allowOnly(Set<String> allowed) {
        Set<String> unknown = new TreeSet<>(node.propertyNames());
        unknown.removeAll(allowed);
        if (!unknown.isEmpty()) {
            throw new InvalidProfileException(path + " has unknown keys " + unknown
                    + "; allowed: " + new TreeSet<>(allowed));
        }
        return this;
    }

    boolean has(String key) {
        return node.has(key) && !node.get(key).isNull();
    }

    String where() {
        return path;
    }

    String path(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    String string(String key) {
        JsonNode value = required(key);
        if (!value.isString()) {
            throw new InvalidProfileException(path(key) + " must be a string");
        }
        return value.stringValue();
    }

    String string(String key, String fallback) {
        return has(key) ? string(key) : fallback;
    }

    boolean bool(String key, boolean fallback) {
        if (!has(key)) {
            return fallback;
        }
        JsonNode value = node.get(key);
        if (!value.isBoolean()) {
            throw new InvalidProfileException(path(key) + " must be true or false");
        }
        return value.booleanValue();
    }

    boolean bool(String key) {
        required(key);
        return bool(key, false);
    }

    long integer(String key) {
        JsonNode value = required(key);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new InvalidProfileException(path(key) + " must be an integer");
        }
        return value.longValue();
    }

    long integer(String key, long fallback) {
        return has(key) ? integer(key) : fallback;
    }

    int smallInteger(String key) {
        long value = integer(key);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new InvalidProfileException(path(key) + " is out of range: " + value);
        }
        return (int) value;
    }

    int smallInteger(String key, int fallback) {
        return has(key) ? smallInteger(key) : fallback;
    }

    JsonFields object(String key) {
        return of(required(key), path(key));
    }

    JsonNode array(String key) {
        JsonNode value = required(key);
        if (!value.isArray()) {
            throw new InvalidProfileException(path(key) + " must be an array");
        }
        return value;
    }

    /** The object at {@code key} as an ordered map of its members; empty when absent. */
    Map<String, JsonNode> members(String key) {
        Map<String, JsonNode> members = new LinkedHashMap<>();
        if (has(key)) {
            JsonNode value = node.get(key);
            if (!value.isObject()) {
                throw new InvalidProfileException(path(key) + " must be an object");
            }
            value.properties().forEach(entry -> members.put(entry.getKey(), entry.getValue()));
        }
        return members;
    }

    private JsonNode required(String key) {
        if (!has(key)) {
            throw new InvalidProfileException(path(key) + " is required");
        }
        return node.get(key);
    }
}
