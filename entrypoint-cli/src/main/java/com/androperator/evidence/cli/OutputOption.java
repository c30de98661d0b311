package com.androperator.evidence.cli;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.policy.CallerText;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code --output json|pretty}, for every command that prints a result object. It is read as
 * text, not as a picocli enum, so that a wrong value is a documented EXECUTION_VALIDATION_FAILED
 * result like every other invalid option rather than a usage error.
 */
final class OutputOption {
    static final String OPTION = "--output";
    private static final String LABEL = "<json|pretty>";
    private static final String DEFAULT = "json";
    private static final String DESCRIPTION = "Result formatting: json (one line, for scripts) or pretty (text for "
            + "people: the status of each component, the errors one per line). Default: ${DEFAULT-VALUE}.";

    @Option(names = OPTION, paramLabel = LABEL, defaultValue = DEFAULT, description = DESCRIPTION)
    String output;

    /**
     * This option as a mixin made by hand, for the commands whose model is not read from annotations
     * (the capture's, the video commands'): the annotation's names, label, default and description,
     * its value set into this object.
     */
    CommandSpec mixin() {
        OptionSpec option = OptionSpec.builder(OPTION).paramLabel(LABEL).defaultValue(DEFAULT).description(DESCRIPTION)
                .type(String.class).getter(new IGetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T get() {
                        return (T) output;
                    }
                }).setter(new ISetter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <T> T set(T value) {
                        T previous = (T) output;
                        output = (String) value;
                        return previous;
                    }
                }).build();
        return CommandSpec.create().addOption(option);
    }

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
