package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.CallerText;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --output json|pretty}, for every command that prints a result object. It is read as
 * text, not as a picocli enum, so that a wrong value is a documented EXECUTION_VALIDATION_FAILED
 * result like every other invalid option rather than a usage error.
 */
final class OutputOption {
    static final String OPTION = "--output";

    @Option(names = OPTION, paramLabel = "<json|pretty>", defaultValue = "json",
            description = "Result formatting: json (one line, for scripts) or pretty (text for people: the status of each "
                    + "component, the errors one per line). Default: ${DEFAULT-VALUE}.")
    String output;

    /** Pretty only when asked for exactly; a refused value prints as one JSON line. */
    boolean pretty() {
        return "pretty".equals(output);
    }

    /** Empty when the value is {@code json} or {@code pretty}. */
    Optional<CommandResult> refusal() {
        if ("json".equals(output) || "pretty".equals(output)) {
            return Optional.empty();
        }
        return Optional.of(CommandResult.refused(ErrorCodes.EXECUTION_VALIDATION_FAILED,
                OPTION + " must be json or pretty, got '" + CallerText.printable(output) + "'.", Details.of(DetailKey.OPTION, OPTION), null));
    }
}
