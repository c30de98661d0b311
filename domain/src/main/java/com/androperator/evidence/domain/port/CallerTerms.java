package com.androperator.evidence.domain.port;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import org.jspecify.annotations.Nullable;

/**
 * How one edge speaks to its caller: its name for each {@link RequestField}, the shell command
 * that runs the doctor, and how it polls or stops a video session. The use cases are built with the terms of the edge that called them, so
 * that every message says what to fix in words the caller can act on; the domain itself never
 * spells an option.
 */
public interface CallerTerms {

    /** The caller's name for {@code field}, e.g. the CLI's option or the MCP argument. */
    String field(RequestField field);

    /**
     * The command a person runs in a shell to check this host's video tooling for {@code serial},
     * or with a placeholder for the serial when it is null or blank.
     */
    String doctorCommand(@Nullable String serial);

    /** How this caller polls a video session's status, as a next step in a message. */
    String statusStep();

    /** How this caller stops a video session, as a next step in a hint. */
    String stopStep();

    /**
     * EXECUTION_VALIDATION_FAILED about {@code field}: the failure carries the field itself and, as
     * {@code details.option}, the caller's name for it (the one detail a field's refusal has; the
     * wire's details object is made from it here, not handed in).
     */
    default Failure refusal(RequestField field, String message) {
        return new Failure(ErrorCodes.EXECUTION_VALIDATION_FAILED, message, Details.builder().text(DetailKey.OPTION, field(field)).build(), field);
    }

    /**
     * EXECUTION_VALIDATION_FAILED about {@code field}, worded "{@code <the caller's name for it> <complaint>}",
     * the complaint kept as its own field ({@link Failure#complaint()}).
     */
    default Failure complaint(RequestField field, String complaint) {
        Failure refusal = refusal(field, field(field) + " " + complaint);
        return Failure.about(refusal.code(), field(field), complaint, refusal.details(), field);
    }
}
