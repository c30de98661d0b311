package com.androperator.evidence.mcp;

import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.CallerText;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads one tool call's arguments against the fields the tool accepts. Unknown fields, any
 * output path among them, are refused rather than ignored: an MCP client never chooses where
 * files go. Accessors return null for an absent optional field and remember the first problem,
 * which {@link #problem()} reports as an EXECUTION_VALIDATION_FAILED result saying what to fix.
 */
final class ToolArguments {
    private final String tool;
    private final Map<String, Object> arguments;
    private CommandResult problem;

    private ToolArguments(String tool, Map<String, Object> arguments, CommandResult problem) {
        this.tool = tool;
        this.arguments = arguments;
        this.problem = problem;
    }

    /** {@code arguments} may be null (a call without arguments). */
    static ToolArguments of(String tool, Map<String, Object> arguments, List<String> accepted) {
        Map<String, Object> given = arguments == null ? Map.of() : arguments;
        Optional<CommandResult> unpaired = unpairedSurrogate(tool, given);
        if (unpaired.isPresent()) {
            return new ToolArguments(tool, given, unpaired.get());
        }
        Set<String> unknown = new TreeSet<>(given.keySet());
        accepted.forEach(unknown::remove);
        if (unknown.isEmpty()) {
            return new ToolArguments(tool, given, null);
        }
        String why = unknown.contains("outputDir")
                ? " Bundles always go to a new managed directory under the server's evidence root"
                + " (~/.androperator/evidence/bundles by default; set ANDROPERATOR_EVIDENCE_DIR where the server"
                + " starts to move it), so output directories and paths are not parameters."
                : "";
        return new ToolArguments(tool, given, invalid(tool + " does not accept " + String.join(", ", unknown) + "."
                + why + " Accepted parameters: " + String.join(", ", accepted) + ".",
                Map.of("rejected", List.copyOf(unknown))));
    }

    /**
     * The domain's caller-text rule ({@link CallerText}) over every argument the client sent, known
     * or not: names, string values, and the keys and strings of objects and arrays at any depth.
     * Checked first, so that no later message can quote the unpaired surrogate back.
     */
    private static Optional<CommandResult> unpairedSurrogate(String tool, Map<String, Object> given) {
        for (Map.Entry<String, Object> argument : given.entrySet()) {
            String name = argument.getKey();
            Optional<Failure> refusal = CallerText.unpairedSurrogate(name).isPresent()
                    ? CallerText.refusal("an argument name (\"" + CallerText.printable(name) + "\")", name)
                    : argument.getValue() instanceof String text ? CallerText.refusal(name, text)
                    : CallerText.refusal(name, argument.getValue(), name);
            if (refusal.isPresent()) {
                Failure failure = refusal.get();
                Map<String, Object> details = new java.util.LinkedHashMap<>(failure.details().asMap());
                details.put("option", CallerText.printable(name));
                return Optional.of(invalid(tool + ": " + failure.message() + ".", details));
            }
        }
        return Optional.empty();
    }

    /** The first invalid field, if any. */
    Optional<CommandResult> problem() {
        return Optional.ofNullable(problem);
    }

    /** A string; JSON null counts as absent. */
    String text(String field) {
        Object value = arguments.get(field);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        return reject(field, field + " must be a string, got " + kind(value) + ".");
    }

    /** A boolean; JSON null counts as absent. */
    Boolean flag(String field) {
        Object value = arguments.get(field);
        if (value == null || value instanceof Boolean) {
            return (Boolean) value;
        }
        return reject(field, field + " must be a boolean, got " + kind(value) + ".");
    }

    /** An integer (1000.0 counts; 1000.5 does not); JSON null counts as absent. */
    Long integer(String field) {
        Object value = arguments.get(field);
        if (value == null) {
            return null;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Number number) {
            try {
                return number instanceof BigInteger big ? big.longValueExact()
                        : new BigDecimal(number.toString()).longValueExact();
            } catch (ArithmeticException | NumberFormatException notAnInteger) {
                return reject(field, field + " must be an integer, got " + CallerText.printable(String.valueOf(value)) + ".");
            }
        }
        return reject(field, field + " must be an integer, got " + kind(value) + ".");
    }

    /**
     * The arguments for {@code fields}, each read as its field's kind in the order given (so the
     * first problem is that of the first field), under the tools' names for them ({@link McpTerms}).
     */
    RequestValues read(List<RequestField> fields) {
        RequestValues values = RequestValues.none();
        for (RequestField field : fields) {
            String name = McpTerms.INSTANCE.field(field);
            values = values.with(field, switch (field.kind()) {
                case TEXT -> text(name);
                case INTEGER -> integer(name);
                case JSON_OBJECT -> context();
            });
        }
        return values;
    }

    /**
     * The {@code context} argument: a JSON object. Explicit null and a string holding JSON text are
     * refused (the contract takes the object); absent is null, the use case's {@code {}}.
     */
    Map<String, Object> context() {
        String field = McpTerms.INSTANCE.field(RequestField.CONTEXT);
        if (!arguments.containsKey(field)) {
            return null;
        }
        // The domain's one object check, worded in this tool's argument names.
        Object given = arguments.get(field);
        Optional<Failure> notAnObject = CaptureRequestValidation.objectRefusal(McpTerms.INSTANCE, given);
        if (notAnObject.isPresent()) {
            Failure failure = notAnObject.get();
            remember(CommandResult.refused(failure.code(), failure.message(), failure.details(), null));
            return null;
        }
        // The MCP reader makes a JSON object a map with text keys.
        @SuppressWarnings("unchecked")
        Map<String, Object> context = (Map<String, Object>) given;
        return context;
    }

    private <T> T reject(String field, String message) {
        remember(invalid(tool + ": " + message, Map.of("option", field)));
        return null;
    }

    private void remember(CommandResult refusal) {
        if (problem == null) {
            problem = refusal;
        }
    }

    private static String kind(Object value) {
        if (value instanceof Map<?, ?>) {
            return "an object";
        }
        if (value instanceof List<?>) {
            return "an array";
        }
        if (value instanceof String) {
            return "a string";
        }
        return value instanceof Boolean ? "a boolean" : "a number";
    }

    private static CommandResult invalid(String message, Map<String, Object> details) {
        return CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED, message, Details.fromJson(details), null);
    }
}
