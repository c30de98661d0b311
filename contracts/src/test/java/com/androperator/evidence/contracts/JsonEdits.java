package com.androperator.evidence.contracts;

import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Small JSON-pointer edits that turn a valid serialized record into an invalid document. */
final class JsonEdits {
    private JsonEdits() {
    }

    static JsonNode tree(Object record) {
        return ContractJson.mapper().readTree(ContractJson.toBytes(record));
    }

    /** Sets the value at {@code pointer} (the parent must exist); {@code value} null writes JSON null. */
    static Consumer<JsonNode> set(String pointer, Object value) {
        return root -> {
            JsonNode parent = parent(root, pointer);
            JsonNode node = ContractJson.mapper().valueToTree(value);
            String last = lastSegment(pointer);
            if (parent instanceof ArrayNode array) {
                array.set(Integer.parseInt(last), node);
            } else {
                ((ObjectNode) parent).set(last, node);
            }
        };
    }

    static Consumer<JsonNode> remove(String pointer) {
        return root -> {
            JsonNode parent = parent(root, pointer);
            String last = lastSegment(pointer);
            if (parent instanceof ArrayNode array) {
                array.remove(Integer.parseInt(last));
            } else {
                ((ObjectNode) parent).remove(last);
            }
        };
    }

    @SafeVarargs
    static Consumer<JsonNode> all(Consumer<JsonNode>... edits) {
        return root -> {
            for (Consumer<JsonNode> edit : edits) {
                edit.accept(root);
            }
        };
    }

    private static JsonNode parent(JsonNode root, String pointer) {
        int cut = pointer.lastIndexOf('/');
        JsonNode parent = cut == 0 ? root : root.at(pointer.substring(0, cut));
        if (parent.isMissingNode()) {
            throw new IllegalArgumentException("no parent for " + pointer);
        }
        return parent;
    }

    private static String lastSegment(String pointer) {
        return pointer.substring(pointer.lastIndexOf('/') + 1);
    }
}
