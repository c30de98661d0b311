package com.androperator.evidence.junit5;

import com.androperator.evidence.domain.model.RequestField;
import com.androperator.evidence.domain.model.RequestValues;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Chooses each setting for one failed test, highest first: the test method's
 * {@link CaptureEvidenceOnFailure.Config}, then the test class's and its enclosing classes'
 * (inner to outer; a superclass's counts through {@code @Inherited}), then the
 * {@code @RegisterExtension} builder, then the JUnit configuration parameter (which JUnit itself
 * takes from the launcher request, else a JVM system property, else {@code junit-platform.properties}),
 * then the environment variable, then the default. Only the first layer that sets a setting is
 * read; the layers below it are not consulted, so their values are never validated.
 */
final class EvidenceSettings {
    static final String DEFAULT_OPERATOR_PACKAGE = "com.androperator.operator";

    /** The settings of one capture, or why the configuration cannot be used. */
    sealed interface Resolution {
    }

    /**
     * What one capture is asked to do, and the words that name where each setting came from: the
     * terms in which the capture names its request fields, and, keyed by the environment variable the
     * capture API reads itself (the evidence root, the adb server), the setting the author gave instead.
     */
    record Plan(RequestValues values, Map<String, String> environment, SettingTerms terms,
                Map<String, String> sourceByVariable) implements Resolution {
    }

    /** The configuration itself is wrong (a timeout that is not a number, an empty adb server setting). */
    record Invalid(String message) implements Resolution {
    }

    /** A setting's value and the words that name where it came from. */
    record Chosen(String value, String source) {
    }

    private record Annotated(CaptureEvidenceOnFailure.Config config, String where) {
    }

    private EvidenceSettings() {
    }

    static Resolution resolve(ExtensionContext context, Map<Setting, String> programmatic, Map<String, String> environment) {
        List<Annotated> annotations = annotations(context);
        Map<Setting, Chosen> chosen = new EnumMap<>(Setting.class);
        for (Setting setting : Setting.values()) {
            choose(setting, annotations, programmatic, context, environment).ifPresent(c -> chosen.put(setting, c));
        }
        Map<RequestField, String> fieldSources = new EnumMap<>(RequestField.class);
        Map<String, String> variableSources = new LinkedHashMap<>();
        for (Map.Entry<Setting, Chosen> entry : chosen.entrySet()) {
            Setting setting = entry.getKey();
            if (setting.field() != null) {
                fieldSources.put(setting.field(), entry.getValue().source());
            } else if (setting.apiVariable() != null
                    && !(isEnvironment(entry.getValue()) && setting.apiVariable().equals(setting.variable()))) {
                // The capture API already names the environment variables it reads itself.
                variableSources.put(setting.apiVariable(), entry.getValue().source());
            }
        }
        // Settings left unset are named by every way to set them, never by an API name.
        fieldSources.putIfAbsent(RequestField.DEVICE, "the device (set it with " + describeAll(Setting.DEVICE)
                + ", or leave it unset when exactly one device is attached)");
        fieldSources.putIfAbsent(RequestField.OPERATOR_PACKAGE, "the Operator package (default "
                + DEFAULT_OPERATOR_PACKAGE + "; set it with " + describeAll(Setting.OPERATOR_PACKAGE) + ")");
        fieldSources.putIfAbsent(RequestField.TIMEOUT, "the timeout (default 30000 ms; set it with "
                + describeAll(Setting.TIMEOUT_MS) + ")");

        Map<String, String> captureEnvironment = new HashMap<>(environment);
        Chosen root = chosen.get(Setting.EVIDENCE_ROOT);
        if (root != null) {
            captureEnvironment.put(Setting.EVIDENCE_ROOT.variable(), root.value());
        }
        Chosen socket = chosen.get(Setting.ADB_SERVER_SOCKET);
        Chosen port = chosen.get(Setting.ADB_SERVER_PORT);
        for (Chosen adb : new Chosen[] {socket, port}) {
            if (adb != null && adb.value().isBlank() && !isEnvironment(adb)) {
                return new Invalid(adb.source() + " is empty: give tcp:HOST:PORT for a socket or 1..65535 for a"
                        + " port, or leave it unset to use the environment's adb server");
            }
        }
        if (socket != null && !isEnvironment(socket)) {
            captureEnvironment.put(Setting.ADB_SERVER_SOCKET.variable(), socket.value());
        } else if (port != null && !isEnvironment(port)) {
            // A configured port replaces the environment's server entirely: ADB_SERVER_SOCKET would win over it.
            captureEnvironment.remove(Setting.ADB_SERVER_SOCKET.variable());
            captureEnvironment.put(Setting.ADB_SERVER_PORT.variable(), port.value());
        }

        Chosen timeout = chosen.get(Setting.TIMEOUT_MS);
        Long timeoutMs = null;
        if (timeout != null) {
            String text = timeout.value().strip();
            if (!text.matches("-?[0-9]{1,18}")) {
                return new Invalid(timeout.source() + " must be an integer number of milliseconds from 1000 to 120000,"
                        + " got '" + timeout.value() + "': fix it or leave it unset for 30000");
            }
            timeoutMs = Long.parseLong(text);
        }
        Chosen device = chosen.get(Setting.DEVICE);
        Chosen operatorPackage = chosen.get(Setting.OPERATOR_PACKAGE);
        RequestValues values = RequestValues.none().with(RequestField.DEVICE, device == null ? null : device.value())
                .with(RequestField.OPERATOR_PACKAGE, operatorPackage == null ? DEFAULT_OPERATOR_PACKAGE
                        : operatorPackage.value())
                .with(RequestField.TIMEOUT, timeoutMs);
        return new Plan(values, captureEnvironment, new SettingTerms(fieldSources), variableSources);
    }

    /** The unset device in the words of a recording, which needs one (no "only attached device" rule). */
    static String unsetVideoDevice() {
        return "device (a recording needs one: set it with " + describeAll(Setting.DEVICE) + ")";
    }

    /** One setting from the highest layer that sets it, by the same precedence as {@link #resolve}. */
    static Optional<Chosen> chosen(Setting setting, ExtensionContext context, Map<Setting, String> programmatic,
                                   Map<String, String> environment) {
        return choose(setting, annotations(context), programmatic, context, environment);
    }

    private static boolean isEnvironment(Chosen chosen) {
        return chosen.source().startsWith("environment variable ");
    }

    private static Optional<Chosen> choose(Setting setting, List<Annotated> annotations,
                                           Map<Setting, String> programmatic, ExtensionContext context,
                                           Map<String, String> environment) {
        if (setting.annotated()) {
            for (Annotated annotated : annotations) {
                String value = setting.fromAnnotation(annotated.config());
                if (!value.isEmpty()) {
                    return Optional.of(new Chosen(value, setting.attribute() + " in @CaptureEvidenceOnFailure.Config on "
                            + annotated.where()));
                }
            }
        }
        String built = programmatic.get(setting);
        if (built != null) {
            return Optional.of(new Chosen(built, "CaptureEvidenceOnFailure.builder()." + setting.attribute() + "(...)"));
        }
        Optional<String> parameter = context.getConfigurationParameter(setting.parameter());
        if (parameter.isPresent()) {
            return Optional.of(new Chosen(parameter.get(), "configuration parameter " + setting.parameter()));
        }
        String variable = environment.get(setting.variable());
        if (variable != null) {
            return Optional.of(new Chosen(variable, "environment variable " + setting.variable()));
        }
        return Optional.empty();
    }

    /** The test method's annotation, then each enclosing container's (the class, its outer classes). */
    private static List<Annotated> annotations(ExtensionContext context) {
        List<Annotated> found = new ArrayList<>();
        List<AnnotatedElement> seen = new ArrayList<>();
        for (ExtensionContext at = context; at != null; at = at.getParent().orElse(null)) {
            Optional<AnnotatedElement> element = at.getElement();
            if (element.isEmpty() || seen.contains(element.get())) {
                continue;
            }
            seen.add(element.get());
            AnnotationSupport.findAnnotation(element.get(), CaptureEvidenceOnFailure.Config.class)
                    .ifPresent(config -> found.add(new Annotated(config, describe(element.get()))));
        }
        return found;
    }

    private static String describe(AnnotatedElement element) {
        if (element instanceof Method method) {
            return simpleName(method.getDeclaringClass()) + "#" + method.getName();
        }
        return element instanceof Class<?> type ? simpleName(type) : element.toString();
    }

    static String simpleName(Class<?> type) {
        String name = type.getName();
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private static String describeAll(Setting setting) {
        return "@CaptureEvidenceOnFailure.Config(" + setting.attribute() + "), configuration parameter "
                + setting.parameter() + " or environment variable " + setting.variable();
    }
}
