package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.api.ContextJson;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.CallerText;
import java.util.Map;
import java.util.Optional;

/**
 * Turns option values that picocli keeps as text into typed values, remembering the first one
 * that does not convert. Text, not picocli types, so that a bad value is a documented
 * EXECUTION_VALIDATION_FAILED result saying what to fix rather than a usage error. Ranges and
 * every other rule are the use case's to check.
 */
final class OptionValues {
    private CommandResult refusal;

    /** Starts from the {@code --output} check, so that a bad format is the first refusal reported. */
    OptionValues(OutputOption format) {
        format.refusal().ifPresent(this::remember);
    }

    /** The context option: null stays null (the use case's {@code {}}); only a JSON object converts. */
    Map<String, Object> context(String text) {
        if (text == null) {
            return null;
        }
        ContextJson.Parsed parsed = ContextJson.parse(CliTerms.INSTANCE, text);
        if (parsed instanceof ContextJson.Parsed.Invalid invalid) {
            remember(invalid.refusal());
            return null;
        }
        return ((ContextJson.Parsed.Valid) parsed).context();
    }

    /** A whole number; {@code expected} completes "OPTION must be ..." in the message. */
    Long integer(String option, String text, String expected) {
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            remember(CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                    option + " must be " + expected + ", got '" + CallerText.printable(text) + "'.", Details.of(DetailKey.OPTION, option), null));
            return null;
        }
    }

    Optional<CommandResult> refusal() {
        return Optional.ofNullable(refusal);
    }

    private void remember(CommandResult first) {
        if (refusal == null) {
            refusal = first;
        }
    }
}
