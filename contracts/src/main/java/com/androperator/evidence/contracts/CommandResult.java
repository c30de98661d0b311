package com.androperator.evidence.contracts;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * What a command returns, on the CLI's stdout and in MCP results. A capture that ran reports
 * {@code status}, {@code manifestPath} and {@code evidenceId}; partial and failed ones add
 * {@code code} EVIDENCE_CAPTURE_FAILED. A request refused before capture carries only
 * {@code ok: false}, {@code code}, {@code message} and, where useful, {@code details} and
 * {@code hint}. Video results add {@code sessionId}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CommandResult(
        boolean ok,
        @Nullable String status,
        @Nullable String manifestPath,
        @Nullable String evidenceId,
        @Nullable String sessionId,
        @Nullable String code,
        @Nullable String message,
        @Nullable Details details,
        @Nullable String hint) {

    public CommandResult {
        Checks.check(ok == (code == null), "ok results have no code; failures always have one");
        Checks.check(code == null || NonBlank.isNonBlank(message), "a failure says what to fix");
    }

    public static CommandResult refused(String code, String message, @Nullable Details details,
            @Nullable String hint) {
        return new CommandResult(false, null, null, null, null, code, message, details, hint);
    }

    /** A refusal whose details, when there are any, are written as its {@code details} object. */
    public static CommandResult refusal(String code, String message, Details details, @Nullable String hint) {
        return refused(code, message, details.isEmpty() ? null : details, hint);
    }
}
