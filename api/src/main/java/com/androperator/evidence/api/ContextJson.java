package com.androperator.evidence.api;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.CallerText;
import com.androperator.evidence.domain.port.Failure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;

/**
 * Reads a caller's context given as JSON text (the CLI's {@code --context-json}). Only a JSON
 * object is a context; arrays, null, scalars and text that is not JSON are refused with
 * EXECUTION_VALIDATION_FAILED and a message that says what to pass instead. The size limit is
 * the use case's to check, on the parsed object, like every other caller's context.
 */
public final class ContextJson {
    private static final String EXAMPLE = "{\"commandId\":\"original-command\",\"originalVerdict\":\"failed\"}";

    private ContextJson() {
    }

    /** The outcome of reading one context text. */
    public sealed interface Parsed {
        record Valid(Map<String, Object> context) implements Parsed {
        }

        record Invalid(CommandResult refusal) implements Parsed {
        }
    }

    /** @param option the option to quote in the message, e.g. {@code --context-json}; {@code text} is not null */
    public static Parsed parse(String option, String text) {
        Object value;
        try {
            value = ContractJson.mapper().readValue(text, Object.class);
        } catch (JacksonException e) {
            String reason = String.valueOf(e.getOriginalMessage());
            if (reason.contains("surrogate")) {
                // JSON allows any backslash-u escape, but a key's unpaired surrogate is refused by the reader itself,
                // before any value tree exists; it gets the same refusal as one found in a value.
                Failure failure = CallerText.refusalIn(option, "in an object key (" + reason
                        + (e.getLocation() == null ? "" : ", at column " + e.getLocation().getColumnNr()) + ")", Map.of());
                return new Parsed.Invalid(CommandResult.refused(failure.code(), failure.message(), failure.details(), null));
            }
            return invalid(option, option + " is not valid JSON (" + e.getOriginalMessage()
                    + "). Pass one JSON object, for example '" + EXAMPLE + "'.");
        }
        return fromValue(option, value);
    }

    /**
     * Accepts an already-decoded JSON value (an MCP argument): only an object is a context. A
     * string is refused even when it holds JSON text, because the contract takes the object itself.
     */
    public static Parsed fromValue(String field, Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> context = new LinkedHashMap<>();
            map.forEach((key, member) -> context.put(String.valueOf(key), member));
            return new Parsed.Valid(context);
        }
        return invalid(field, field + " must be a JSON object, not " + describe(value)
                + ". Pass one JSON object, for example " + EXAMPLE + ", or omit it for {}.");
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof List<?>) {
            return "an array";
        }
        if (value instanceof String) {
            return "a string";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (value instanceof Number) {
            return "a number";
        }
        return "a " + value.getClass().getSimpleName();
    }

    private static Parsed invalid(String option, String message) {
        return new Parsed.Invalid(CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED, message,
                Map.of("option", option), null));
    }
}
