package com.androperator.evidence.api;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.port.CallerTerms;
import com.androperator.evidence.domain.policy.CallerText;
import com.androperator.evidence.domain.policy.CaptureRequestValidation;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;

/**
 * Reads a caller's context given as JSON text (the CLI's context option). Text that is not JSON is
 * refused here with EXECUTION_VALIDATION_FAILED; the parsed value then goes through the domain's
 * one context check ({@link CaptureRequestValidation#objectRefusal}), which refuses arrays, null and
 * scalars with the message every edge shows. The size limit is the use case's to check, on the
 * parsed object, like every other caller's context.
 */
public final class ContextJson {
    private ContextJson() {
    }

    /** The outcome of reading one context text. */
    public sealed interface Parsed {
        record Valid(Map<String, Object> context) implements Parsed {
        }

        record Invalid(CommandResult refusal) implements Parsed {
        }
    }

    /** {@code text} is not null; messages name the context in {@code terms}. */
    public static Parsed parse(CallerTerms terms, String text) {
        String option = terms.field(RequestField.CONTEXT);
        Object value;
        try {
            value = ContractJson.mapper().readValue(text, Object.class);
        } catch (JacksonException e) {
            String reason = String.valueOf(e.getOriginalMessage());
            if (reason.contains("surrogate")) {
                // JSON allows any backslash-u escape, but a key's unpaired surrogate is refused by the reader itself,
                // before any value tree exists; it gets the same refusal as one found in a value.
                return invalid(CallerText.refusalIn(terms, RequestField.CONTEXT, "in an object key (" + reason
                        + (e.getLocation() == null ? "" : ", at column " + e.getLocation().getColumnNr()) + ")"));
            }
            return invalid(terms.refusal(RequestField.CONTEXT, option + " is not valid JSON (" + e.getOriginalMessage()
                    + "). Pass one JSON object, for example '" + CaptureRequestValidation.EXAMPLE + "'."));
        }
        Optional<Failure> notAnObject = CaptureRequestValidation.objectRefusal(terms, value);
        if (notAnObject.isPresent()) {
            return invalid(notAnObject.get());
        }
        // Jackson reads a JSON object as a map with text keys.
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) value;
        return new Parsed.Valid(object);
    }

    private static Parsed invalid(Failure failure) {
        return new Parsed.Invalid(CommandResult.refused(failure.code(), failure.message(), failure.details(), null));
    }
}
