package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code --output} option. It is read as text, not as a picocli enum, so that a wrong value
 * is a documented EXECUTION_VALIDATION_FAILED result like every other invalid option rather
 * than a usage error.
 */
final class OutputFormat {
    static final String OPTION = "--output";

    private OutputFormat() {
    }

    static boolean isPretty(String value) {
        return "pretty".equals(value);
    }

    /** Empty when {@code value} is {@code json} or {@code pretty}. */
    static Optional<CommandResult> refusal(String value) {
        if ("json".equals(value) || "pretty".equals(value)) {
            return Optional.empty();
        }
        return Optional.of(CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                OPTION + " must be json or pretty, got '" + value + "'.", Map.of("option", OPTION), null));
    }
}
