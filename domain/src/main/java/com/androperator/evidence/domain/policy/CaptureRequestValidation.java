package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.CallerJson;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.port.CallerTerms;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The spec's option contracts for a still capture, one pure check per option. Every rejection is
 * EXECUTION_VALIDATION_FAILED carrying the {@link RequestField}, with a message that names it in
 * the caller's terms ({@link CallerTerms}) and says what to fix, and {@code details.option} naming
 * it the same way.
 */
public final class CaptureRequestValidation {
    // The bounds are stated in the request-field table, whose help texts and schemas say them.
    public static final long DEFAULT_TIMEOUT_MS = RequestField.Bounds.DEFAULT_TIMEOUT_MS;
    public static final long MIN_TIMEOUT_MS = RequestField.Bounds.MIN_TIMEOUT_MS;
    public static final long MAX_TIMEOUT_MS = RequestField.Bounds.MAX_TIMEOUT_MS;
    public static final long MAX_CONTEXT_UTF8_BYTES = RequestField.Bounds.MAX_CONTEXT_UTF8_BYTES;
    public static final int MAX_PACKAGE_LENGTH = RequestField.Bounds.MAX_PACKAGE_LENGTH;
    public static final int MAX_SERIAL_LENGTH = RequestField.Bounds.MAX_SERIAL_LENGTH;
    /** Deeper nesting than Jackson's default read limit is no caller's context; it also stops cycles. */
    public static final int MAX_CONTEXT_DEPTH = RequestField.Bounds.MAX_CONTEXT_DEPTH;

    /** The context every "pass an object" message shows. */
    public static final String EXAMPLE = "{\"commandId\":\"original-command\",\"originalVerdict\":\"failed\"}";

    private static final Pattern PACKAGE = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+");
    private static final Pattern SERIAL = Pattern.compile("[A-Za-z0-9._:\\-\\[\\]%]+");

    private CaptureRequestValidation() {
    }

    /** Required absolute new directory, given as a string: no blank, root, NUL, "." or ".." segment. */
    public static Checked<Path> outputDirectory(CallerTerms terms, @Nullable String given) {
        String option = terms.field(RequestField.OUTPUT_DIR);
        String fix = "give the absolute path of a new bundle directory whose parent exists, e.g. /absolute/new/bundle";
        if (given == null) {
            return invalid(terms, RequestField.OUTPUT_DIR, "is required: " + fix);
        }
        if (given.isBlank()) {
            return invalid(terms, RequestField.OUTPUT_DIR, "must not be blank: " + fix);
        }
        Optional<Failure> unpaired = CallerText.refusal(terms, RequestField.OUTPUT_DIR, given);
        if (unpaired.isPresent()) {
            return Checked.rejected(unpaired.get());
        }
        if (given.indexOf('\0') >= 0) {
            return invalid(terms, RequestField.OUTPUT_DIR, "must not contain NUL characters: " + fix);
        }
        // Checked on the string as given: normalizing first would hide the traversal.
        for (String segment : given.split("[/\\\\]", -1)) {
            if (segment.equals("..")) {
                return invalid(terms, RequestField.OUTPUT_DIR, "must not contain '..' (parent traversal) segments, got "
                        + quoted(given) + ": " + fix);
            }
            if (segment.equals(".")) {
                return invalid(terms, RequestField.OUTPUT_DIR, "must not contain '.' segments, got " + quoted(given)
                        + ": " + fix);
            }
        }
        Path path;
        try {
            path = Path.of(given);
        } catch (InvalidPathException e) {
            return invalid(terms, RequestField.OUTPUT_DIR, "is not a valid path (" + e.getReason() + "), got "
                    + quoted(given) + ": " + fix);
        }
        if (!path.isAbsolute()) {
            return invalid(terms, RequestField.OUTPUT_DIR, "must be absolute, got " + quoted(given) + ": " + fix);
        }
        if (path.getParent() == null) {
            return invalid(terms, RequestField.OUTPUT_DIR, "must not be a filesystem root, got " + quoted(given) + ": " + fix);
        }
        return Checked.accepted(path);
    }

    /** An explicit serial when given (null means "the only connected device"). */
    public static Checked<Optional<String>> deviceSerial(CallerTerms terms, @Nullable String given) {
        String option = terms.field(RequestField.DEVICE);
        if (given == null) {
            return Checked.accepted(Optional.empty());
        }
        String fix = "give the serial exactly as `adb devices` lists it, or omit " + option
                + " when exactly one device is connected";
        if (given.isBlank()) {
            return invalid(terms, RequestField.DEVICE, "must not be blank: " + fix);
        }
        Optional<Failure> unpaired = CallerText.refusal(terms, RequestField.DEVICE, given);
        if (unpaired.isPresent()) {
            return Checked.rejected(unpaired.get());
        }
        if (given.length() > MAX_SERIAL_LENGTH) {
            return invalid(terms, RequestField.DEVICE, "is " + given.length() + " characters long; at most "
                    + MAX_SERIAL_LENGTH + " are allowed: " + fix);
        }
        if (!SERIAL.matcher(given).matches()) {
            return invalid(terms, RequestField.DEVICE, "may contain only letters, digits and . _ : - [ ] %, got "
                    + quoted(given) + ": " + fix);
        }
        return Checked.accepted(Optional.of(given));
    }

    /** Required Android package identifier, used exactly as given (no automatic variant switch). */
    public static Checked<String> operatorPackage(CallerTerms terms, @Nullable String given) {
        String option = terms.field(RequestField.OPERATOR_PACKAGE);
        String rule = "dot-separated segments that each start with a letter and contain only letters, digits"
                + " and '_', at least two segments, at most " + MAX_PACKAGE_LENGTH + " characters,"
                + " e.g. com.androperator.operator.dev";
        if (given == null || given.isEmpty()) {
            return invalid(terms, RequestField.OPERATOR_PACKAGE, "is required: give the installed Operator's package, "
                    + "e.g. com.androperator.operator.dev");
        }
        Optional<Failure> unpaired = CallerText.refusal(terms, RequestField.OPERATOR_PACKAGE, given);
        if (unpaired.isPresent()) {
            return Checked.rejected(unpaired.get());
        }
        if (given.length() > MAX_PACKAGE_LENGTH) {
            return invalid(terms, RequestField.OPERATOR_PACKAGE, "is " + given.length()
                    + " characters long; a package identifier is " + rule);
        }
        if (!PACKAGE.matcher(given).matches()) {
            return invalid(terms, RequestField.OPERATOR_PACKAGE, "must be a package identifier, got "
                    + quoted(given) + ": " + rule + "; it is used exactly as given");
        }
        return Checked.accepted(given);
    }

    /** Optional label; empty is valid; at most 2048 UTF-16 code units, every surrogate paired. */
    public static Checked<String> label(CallerTerms terms, @Nullable String given) {
        return optionalText(terms, RequestField.LABEL, given, Manifest.MAX_LABEL_UTF16_UNITS);
    }

    /**
     * The rule of an optional free text field: null and empty are valid; at most {@code maxUnits}
     * UTF-16 code units, every surrogate paired.
     */
    public static Checked<String> optionalText(CallerTerms terms, RequestField field, @Nullable String given,
                                               int maxUnits) {
        Optional<Failure> unpaired = CallerText.refusal(terms, field, given);
        if (unpaired.isPresent()) {
            return Checked.rejected(unpaired.get());
        }
        if (given != null && given.length() > maxUnits) {
            return invalid(terms, field, "is " + given.length() + " UTF-16 code units long; at most "
                    + maxUnits + " are allowed: shorten it");
        }
        return Checked.accepted(given);
    }

    /**
     * Optional JSON object (null means {@code {}}), at most 16 KiB as compact UTF-8 JSON
     * ({@link ContractJson#compactUtf8Length}, the writer the manifest uses). Arrays, scalars
     * ({@link #objectRefusal}), anything that is not a JSON value tree and keys or strings with an
     * unpaired surrogate ({@link CallerText}) are rejected. The accepted context is a deep read-only
     * snapshot of the caller's object ({@link CallerJson#accepted}), values unchanged.
     */
    public static Checked<CallerContext> context(CallerTerms terms, CallerJson context) {
        @Nullable Object given = context.parsed();
        if (given == null) {
            return Checked.accepted(CallerContext.EMPTY);
        }
        Optional<Failure> notAnObject = objectRefusal(terms, given);
        if (notAnObject.isPresent()) {
            return Checked.rejected(notAnObject.get());
        }
        Map<?, ?> object = (Map<?, ?>) given;
        Optional<String> problem = jsonProblem(object, "$", 1);
        if (problem.isPresent()) {
            return invalid(terms, RequestField.CONTEXT, "" + problem.get() + ": pass a JSON object of JSON values");
        }
        Optional<Failure> unpaired = CallerText.refusal(terms, RequestField.CONTEXT, object, "$");
        if (unpaired.isPresent()) {
            return Checked.rejected(unpaired.get());
        }
        long size = ContractJson.compactUtf8Length(object);
        if (size > MAX_CONTEXT_UTF8_BYTES) {
            return invalid(terms, RequestField.CONTEXT, "is " + size + " bytes as compact UTF-8 JSON; at most "
                    + MAX_CONTEXT_UTF8_BYTES + " (16 KiB) are allowed: shorten it");
        }
        return Checked.accepted(context.accepted());
    }

    /**
     * The one object check of a caller's context, for a value the caller did send (parsed CLI
     * text, an MCP argument, a Java caller's value): only a JSON object is a context, and JSON
     * {@code null} is refused too, since only an omitted context means {@code {}}. Empty when
     * {@code given} is an object, whose members are checked by {@link #context}.
     */
    public static Optional<Failure> objectRefusal(CallerTerms terms, @Nullable Object given) {
        if (given instanceof Map<?, ?>) {
            return Optional.empty();
        }
        return Optional.of(terms.complaint(RequestField.CONTEXT, "must be a JSON object, not "
                + jsonKind(given) + ". Pass one JSON object, for example " + EXAMPLE + ", or omit it for {}."));
    }

    /** Optional overall device-work budget: null means 30000; otherwise an integer 1000..120000. */
    public static Checked<Long> timeoutMillis(CallerTerms terms, @Nullable Long given) {
        String option = terms.field(RequestField.TIMEOUT);
        if (given == null) {
            return Checked.accepted(DEFAULT_TIMEOUT_MS);
        }
        if (given < MIN_TIMEOUT_MS || given > MAX_TIMEOUT_MS) {
            return invalid(terms, RequestField.TIMEOUT, "must be an integer from " + MIN_TIMEOUT_MS + " to " + MAX_TIMEOUT_MS
                    + " milliseconds, got " + given + ": choose a budget in that range or omit it for "
                    + DEFAULT_TIMEOUT_MS);
        }
        return Checked.accepted(given);
    }

    private static Optional<String> jsonProblem(@Nullable Object value, String where, int depth) {
        if (depth > MAX_CONTEXT_DEPTH) {
            return Optional.of("nests deeper than " + MAX_CONTEXT_DEPTH + " levels at " + where);
        }
        if (value instanceof Map<?, ?> object) {
            for (Map.Entry<?, ?> entry : object.entrySet()) {
                if (!(entry.getKey() instanceof String key)) {
                    return Optional.of("has a non-string key at " + where);
                }
                Optional<String> inner = jsonProblem(entry.getValue(), where + "." + CallerText.printable(key), depth + 1);
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return Optional.empty();
        }
        if (value instanceof List<?> array) {
            for (int i = 0; i < array.size(); i++) {
                Optional<String> inner = jsonProblem(array.get(i), where + "[" + i + "]", depth + 1);
                if (inner.isPresent()) {
                    return inner;
                }
            }
            return Optional.empty();
        }
        if (value instanceof Double number && !Double.isFinite(number)
                || value instanceof Float single && !Float.isFinite(single)) {
            return Optional.of("holds a non-finite number at " + where + ", which JSON cannot represent");
        }
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
            return Optional.empty();
        }
        return Optional.of("holds a " + value.getClass().getSimpleName() + " at " + where + ", which is not a JSON value");
    }

    private static String jsonKind(@Nullable Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof List<?>) {
            return "an array";
        }
        if (value instanceof String) {
            return "a string";
        }
        if (value instanceof Number) {
            return "a number";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        return "a " + value.getClass().getSimpleName() + ", which is not a JSON value";
    }

    private static String quoted(String value) {
        return '"' + CallerText.printable(value) + '"';
    }

    /** Refused with "{@code <the caller's name for field> <complaint>}". */
    private static <T> Checked<T> invalid(CallerTerms terms, RequestField field, String complaint) {
        return Checked.rejected(terms.complaint(field, complaint));
    }
}
