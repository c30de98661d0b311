package com.androperator.evidence.domain.policy;

import com.androperator.evidence.contracts.DetailKey;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Checked;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.port.CallerTerms;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The standard selections (reference-compat section 4), one rule for the CLI, the MCP server and the
 * Java API. Operator package: the explicit one, else {@value #OPERATOR_PACKAGE_VARIABLE}, else
 * {@value #DEFAULT_OPERATOR_PACKAGE}; never switched to another variant. Device: the explicit serial,
 * else {@value #SERIAL_VARIABLE} (as adb itself honours it), else none, which means the one attached
 * device. Explicit values are left to the request's validation; a value from the environment is
 * checked here so that a refusal names the variable to fix.
 */
public final class StandardSelection {
    public static final String OPERATOR_PACKAGE_VARIABLE = RequestField.Bounds.OPERATOR_PACKAGE_VARIABLE;
    public static final String SERIAL_VARIABLE = RequestField.Bounds.SERIAL_VARIABLE;
    public static final String DEFAULT_OPERATOR_PACKAGE = RequestField.Bounds.DEFAULT_OPERATOR_PACKAGE;

    private StandardSelection() {
    }

    /** Where a selected value came from, for messages. */
    public enum Source {
        EXPLICIT, ENVIRONMENT, DEFAULT, NONE
    }

    /** The chosen device serial (null: the one attached device) and Operator package, and where each came from. */
    public record Target(@Nullable String deviceSerial, Source deviceSource, String operatorPackage,
                         Source operatorSource) {
    }

    /**
     * The target for a request that gave {@code deviceSerial} and {@code operatorPackage} (either may
     * be null) in an environment. An empty {@value #SERIAL_VARIABLE} counts as unset, as for adb; an
     * empty or invalid {@value #OPERATOR_PACKAGE_VARIABLE} and an invalid {@value #SERIAL_VARIABLE} are
     * refused with EXECUTION_VALIDATION_FAILED naming the variable.
     */
    public static Checked<Target> resolve(CallerTerms terms, @Nullable String deviceSerial,
                                         @Nullable String operatorPackage, Map<String, String> environment) {
        Checked<String> chosenDevice = device(terms, deviceSerial, environment);
        if (chosenDevice.rejection().isPresent()) {
            return Checked.rejected(chosenDevice.rejection().get());
        }
        String device = chosenDevice.valueOrNull();
        Source deviceSource = deviceSerial != null ? Source.EXPLICIT : device != null ? Source.ENVIRONMENT : Source.NONE;
        String operator = operatorPackage;
        Source operatorSource = Source.EXPLICIT;
        if (operator == null) {
            String variable = environment.get(OPERATOR_PACKAGE_VARIABLE);
            if (variable == null) {
                operator = DEFAULT_OPERATOR_PACKAGE;
                operatorSource = Source.DEFAULT;
            } else {
                Optional<Failure> invalid = CaptureRequestValidation.operatorPackage(terms, variable).rejection();
                if (variable.isEmpty()) {
                    return refused(OPERATOR_PACKAGE_VARIABLE, OPERATOR_PACKAGE_VARIABLE + " is set but empty: set it to"
                            + " the installed Operator's package, e.g. com.androperator.operator.dev, or unset it to use "
                            + DEFAULT_OPERATOR_PACKAGE);
                }
                if (invalid.isPresent()) {
                    return refused(OPERATOR_PACKAGE_VARIABLE, OPERATOR_PACKAGE_VARIABLE + " is not a valid Operator "
                            + "package: " + complaintAlone(invalid.get())
                            + " (set it to the installed Operator's package, or unset it to use "
                            + DEFAULT_OPERATOR_PACKAGE + "; an explicit " + terms.field(RequestField.OPERATOR_PACKAGE)
                            + " wins over it)");
                }
                operator = variable;
                operatorSource = Source.ENVIRONMENT;
            }
        }
        return Checked.accepted(new Target(device, deviceSource, operator, operatorSource));
    }

    /**
     * The device part alone (video start, which needs an explicit device and records an Operator
     * package only when one is given): {@code deviceSerial}, else a non-empty {@value #SERIAL_VARIABLE},
     * else null.
     */
    public static Checked<String> device(CallerTerms terms, @Nullable String deviceSerial,
                                         Map<String, String> environment) {
        String serialVariable = environment.get(SERIAL_VARIABLE);
        if (deviceSerial != null || serialVariable == null || serialVariable.isEmpty()) {
            return Checked.accepted(deviceSerial);
        }
        Optional<Failure> invalid = CaptureRequestValidation.deviceSerial(terms, serialVariable).rejection();
        if (invalid.isPresent()) {
            return refused(SERIAL_VARIABLE, SERIAL_VARIABLE + " is not a usable adb serial: "
                    + complaintAlone(invalid.get()) + " (set it to a serial that `adb"
                    + " devices` lists, or unset it; an explicit " + terms.field(RequestField.DEVICE) + " wins over it)");
        }
        return Checked.accepted(serialVariable);
    }

    /** What the validation found wrong, without the option it names: here the value is a variable's. */
    private static String complaintAlone(Failure failure) {
        return failure.complaintAlone().orElse(failure.message());
    }

    private static <T> Checked<T> refused(String variable, String message) {
        return Checked.rejected(new Failure(ErrorCodes.EXECUTION_VALIDATION_FAILED, message, Details.of(DetailKey.OPTION, variable)));
    }
}
