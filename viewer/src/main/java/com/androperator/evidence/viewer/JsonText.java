package com.androperator.evidence.viewer;

import java.util.Map;

/**
 * A {@link JsonValue} as indented JSON text for people: numbers exactly as the file wrote them,
 * strings JSON-quoted, and what the reader left out marked where it was left out. The text is
 * plain (the page escapes it) and cut at a maximum length.
 */
final class JsonText {
    private final StringBuilder text = new StringBuilder();
    private final int maxChars;
    private boolean cut;

    private JsonText(int maxChars) {
        this.maxChars = maxChars;
    }

    static String pretty(JsonValue value, int maxChars) {
        JsonText writer = new JsonText(maxChars);
        writer.write(value, 0);
        if (writer.cut) {
            writer.text.setLength(Math.min(writer.text.length(), maxChars));
            writer.text.append("\n… (cut: more than ").append(maxChars).append(" characters)");
        }
        return writer.text.toString();
    }

    /** One line for a scalar ({@code "failed"}, {@code 3}, {@code null}); objects and arrays indented. */
    static String scalar(JsonValue value) {
        return pretty(value, 10_000);
    }

    private void write(JsonValue value, int indent) {
        if (text.length() > maxChars) {
            cut = true;
            return;
        }
        if (value instanceof JsonValue.Obj object) {
            object(object, indent);
        } else if (value instanceof JsonValue.Arr array) {
            array(array, indent);
        } else if (value instanceof JsonValue.Str string) {
            text.append(quoted(string.value()));
            if (!string.complete()) {
                text.append(" … (").append(string.omittedChars()).append(" more characters not shown)");
            }
        } else if (value instanceof JsonValue.Num number) {
            text.append(number.text());
        } else if (value instanceof JsonValue.Bool bool) {
            text.append(bool.value());
        } else if (value instanceof JsonValue.Null) {
            text.append("null");
        } else {
            text.append("… (nested too deep to show)");
        }
    }

    /** A JSON string literal as people read it (the page escapes it for HTML). */
    static String quoted(String value) {
        return HtmlOut.jsonString(value, false);
    }

    private void object(JsonValue.Obj object, int indent) {
        if (object.members().isEmpty() && object.omitted() == 0) {
            text.append("{}");
            return;
        }
        text.append('{');
        boolean first = true;
        for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
            text.append(first ? "\n" : ",\n");
            first = false;
            pad(indent + 1);
            text.append(quoted(member.getKey())).append(": ");
            write(member.getValue(), indent + 1);
        }
        if (object.omitted() > 0) {
            text.append(first ? "\n" : ",\n");
            pad(indent + 1);
            text.append("… (").append(object.omitted()).append(" more members not shown)");
        }
        text.append('\n');
        pad(indent);
        text.append('}');
    }

    private void array(JsonValue.Arr array, int indent) {
        if (array.items().isEmpty() && array.omitted() == 0) {
            text.append("[]");
            return;
        }
        text.append('[');
        boolean first = true;
        for (JsonValue item : array.items()) {
            text.append(first ? "\n" : ",\n");
            first = false;
            pad(indent + 1);
            write(item, indent + 1);
        }
        if (array.omitted() > 0) {
            text.append(first ? "\n" : ",\n");
            pad(indent + 1);
            text.append("… (").append(array.omitted()).append(" more items not shown)");
        }
        text.append('\n');
        pad(indent);
        text.append(']');
    }

    private void pad(int indent) {
        text.append("  ".repeat(indent));
    }
}
