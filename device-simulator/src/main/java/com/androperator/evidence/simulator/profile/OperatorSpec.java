package com.androperator.evidence.simulator.profile;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The simulated Operator app: which package receives the command broadcast, and how it answers.
 *
 * @param packageName the package whose broadcast receiver handles commands; it must also be in the
 *     profile's packages to count as installed
 * @param hierarchy the XML that {@code snapshot_ui} returns as {@code data.text}
 * @param behavior how {@code snapshot_ui} is answered
 * @param behaviors per action type overrides of {@link #behaviorFor(String)}
 * @param errorCode the envelope's errorCode for {@link OperatorBehavior#FAILED}
 * @param errorMessage the envelope's error for {@link OperatorBehavior#FAILED}
 * @param delayMs how long after the broadcast the result is logged
 * @param pid the process id logcat shows for the Operator's lines
 * @param encoding how the result becomes log lines (out-of-protocol variants for tests)
 * @param generation which protocol generation it speaks (action, result markers, where the XML goes)
 * @param logcat how a {@link OperatorGeneration#CLAWPERATOR_LOGCAT} Operator logs the hierarchy
 */
public record OperatorSpec(String packageName, Readiness readiness, ProfileFile hierarchy,
        boolean overlayVisible, OperatorBehavior behavior, Map<String, OperatorBehavior> behaviors,
        String errorCode, String errorMessage, long delayMs, int pid, ResultEncoding encoding,
        OperatorGeneration generation, LogcatHierarchy logcat) {

    public static final String DEFAULT_ERROR_CODE = "UI_TREE_UNAVAILABLE";
    public static final String DEFAULT_ERROR_MESSAGE =
            "Accessibility service returned no active window root";

    public OperatorSpec {
        if (packageName == null || !packageName.matches("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)+")) {
            throw new InvalidProfileException("operator.package must be a package name, got "
                    + packageName);
        }
        Objects.requireNonNull(readiness, "operator.readiness");
        Objects.requireNonNull(hierarchy, "operator.hierarchy");
        Objects.requireNonNull(behavior, "operator.behavior");
        behaviors = Collections.unmodifiableMap(new TreeMap<>(behaviors));
        if (errorCode == null || !errorCode.matches("[A-Z][A-Z0-9_]*")) {
            throw new InvalidProfileException("operator.errorCode must be UPPER_SNAKE, got "
                    + errorCode);
        }
        Objects.requireNonNull(errorMessage, "operator.errorMessage");
        if (delayMs < 0 || delayMs > 600_000) {
            throw new InvalidProfileException("operator.delayMs must be 0..600000, got " + delayMs);
        }
        if (pid < 1 || pid > 4_194_304) {
            throw new InvalidProfileException("operator.pid must be 1..4194304, got " + pid);
        }
        encoding = encoding == null ? ResultEncoding.DEFAULT : encoding;
        generation = generation == null ? OperatorGeneration.ANDROPERATOR : generation;
        logcat = logcat == null ? LogcatHierarchy.TAGGED : logcat;
    }

    /** A ready Operator that answers everything successfully at once. */
    public static OperatorSpec of(String packageName, ProfileFile hierarchy) {
        return new OperatorSpec(packageName, Readiness.ready(), hierarchy, false,
                OperatorBehavior.SUCCESS, Map.of(), DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE, 0,
                1234, ResultEncoding.DEFAULT, OperatorGeneration.ANDROPERATOR, LogcatHierarchy.TAGGED);
    }

    /**
     * How an action of {@code actionType} is answered: an explicit per-type behaviour first; else
     * {@code snapshot_ui} follows {@link #behavior()}; other actions ({@code doctor_ping}) answer
     * successfully unless the whole Operator is silent or its result transport exits.
     */
    public OperatorBehavior behaviorFor(String actionType) {
        OperatorBehavior explicit = behaviors.get(actionType);
        if (explicit != null) {
            return explicit;
        }
        if ("snapshot_ui".equals(actionType)) {
            return behavior;
        }
        return behavior == OperatorBehavior.SILENT || behavior == OperatorBehavior.TRANSPORT_EXIT
                ? behavior : OperatorBehavior.SUCCESS;
    }

    public OperatorSpec withPackageName(String newPackageName) {
        return new OperatorSpec(newPackageName, readiness, hierarchy, overlayVisible, behavior,
                behaviors, errorCode, errorMessage, delayMs, pid, encoding,
                generation, logcat);
    }

    public OperatorSpec withReadiness(Readiness newReadiness) {
        return new OperatorSpec(packageName, newReadiness, hierarchy, overlayVisible, behavior,
                behaviors, errorCode, errorMessage, delayMs, pid, encoding,
                generation, logcat);
    }

    public OperatorSpec withHierarchy(ProfileFile newHierarchy) {
        return new OperatorSpec(packageName, readiness, newHierarchy, overlayVisible, behavior,
                behaviors, errorCode, errorMessage, delayMs, pid, encoding,
                generation, logcat);
    }

    public OperatorSpec withOverlayVisible(boolean visible) {
        return new OperatorSpec(packageName, readiness, hierarchy, visible, behavior, behaviors,
                errorCode, errorMessage, delayMs, pid, encoding,
                generation, logcat);
    }

    public OperatorSpec withBehavior(OperatorBehavior newBehavior) {
        return new OperatorSpec(packageName, readiness, hierarchy, overlayVisible, newBehavior,
                behaviors, errorCode, errorMessage, delayMs, pid, encoding,
                generation, logcat);
    }

    public OperatorSpec withBehaviorFor(String actionType, OperatorBehavior actionBehavior) {
        Map<String, OperatorBehavior> updated = new TreeMap<>(behaviors);
        updated.put(actionType, actionBehavior);
        return new OperatorSpec(packageName, readiness, hierarchy, overlayVisible, behavior,
                updated, errorCode, errorMessage, delayMs, pid, encoding,
                generation, logcat);
    }

    public OperatorSpec withError(String newErrorCode, String newErrorMessage) {
        return new OperatorSpec(packageName, readiness, hierarchy, overlayVisible, behavior,
                behaviors, newErrorCode, newErrorMessage, delayMs, pid, encoding,
                generation, logcat);
    }

    /** The result's encoding changed, e.g. {@code e -> e.withHierarchyBytes(VERBATIM)}. */
    public OperatorSpec withEncoding(java.util.function.UnaryOperator<ResultEncoding> change) {
        return new OperatorSpec(packageName, readiness, hierarchy, overlayVisible, behavior,
                behaviors, errorCode, errorMessage, delayMs, pid, change.apply(encoding),
                generation, logcat);
    }

    public OperatorSpec withDelayMs(long newDelayMs) {
        return new OperatorSpec(packageName, readiness, hierarchy, overlayVisible, behavior,
                behaviors, errorCode, errorMessage, newDelayMs, pid, encoding,
                generation, logcat);
    }

    /**
     * Whether {@code snapshot_ui} logs the hierarchy as records instead of returning
     * {@code data.text}: a {@code clawperator-logcat} Operator, and an Operator of any generation
     * that logs the untagged marker or plays a script (the reference speaks only Androperator
     * names, and reports the untagged marker there too).
     */
    public boolean hierarchyLogged() {
        return !generation.hierarchyInEnvelope() || logcat.untaggedMarker() || logcat.script() != null;
    }

    /** The generation it speaks, e.g. {@code CLAWPERATOR_LOGCAT} for a Clawperator before 0.12.3. */
    public OperatorSpec withGeneration(OperatorGeneration newGeneration) {
        return new OperatorSpec(packageName, readiness, hierarchy, overlayVisible, behavior,
                behaviors, errorCode, errorMessage, delayMs, pid, encoding, newGeneration, logcat);
    }

    public OperatorSpec withLogcat(LogcatHierarchy newLogcat) {
        return new OperatorSpec(packageName, readiness, hierarchy, overlayVisible, behavior,
                behaviors, errorCode, errorMessage, delayMs, pid, encoding, generation, newLogcat);
    }
}
