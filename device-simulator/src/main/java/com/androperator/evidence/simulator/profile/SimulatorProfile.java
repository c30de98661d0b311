package com.androperator.evidence.simulator.profile;

import com.androperator.evidence.simulator.transport.TransportSettings;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * Everything a simulated phone answers. Load one with {@link ProfileLoader}, or build one in code
 * from the sample with {@link #builder()}; the JSON form is documented by
 * {@code simulator-profile.schema.json}.
 *
 * @param model {@code ro.product.model} in the connection banner
 * @param connectionState the banner's state prefix: device, recovery, bootloader, sideload, rescue
 * @param shellV2 whether the banner lists {@code shell_v2}, so the host uses framed shell output
 * @param maxPayload the largest payload announced in CNXN
 * @param properties what {@code getprop} prints, sorted by name
 * @param operator the Operator app, or null when none is configured
 * @param latencyMs extra delay before a service's output, by service name (first word or words)
 * @param faults injected failures, by service name
 * @param recordedOutputs output a real device printed, served verbatim (exit status 0) for exactly
 *     that command line (say {@code dumpsys input}); see {@code recorded.RecordedPhone}
 */
public record SimulatorProfile(String model, String connectionState, boolean shellV2,
        int maxPayload, Map<String, String> properties, WindowManagerSpec wm,
        List<DisplaySpec> displays, boolean legacyDisplayDump, Map<String, PackageSpec> packages,
        OperatorSpec operator, Map<String, Long> latencyMs, Map<String, ServiceFault> faults,
        Map<String, ProfileFile> recordedOutputs) {

    public static final Set<String> CONNECTION_STATES =
            Set.of("device", "recovery", "bootloader", "sideload", "rescue");

    public SimulatorProfile {
        if (model == null || model.isBlank() || model.contains(";") || model.contains("\n")) {
            throw new InvalidProfileException("model must be one line without ';', got " + model);
        }
        if (!CONNECTION_STATES.contains(connectionState)) {
            throw new InvalidProfileException("connectionState must be one of "
                    + new TreeSet<>(CONNECTION_STATES) + ", got "
                    + connectionState);
        }
        if (maxPayload < 256 || maxPayload > 16 * 1024 * 1024) {
            throw new InvalidProfileException("maxPayload must be 256..16777216, got " + maxPayload);
        }
        properties.forEach((name, value) -> {
            if (name == null || name.isEmpty() || name.contains("]") || name.contains("\n")) {
                throw new InvalidProfileException("bad property name: " + name);
            }
            Objects.requireNonNull(value, "value of property " + name);
        });
        properties = Collections.unmodifiableMap(new TreeMap<>(properties));
        Objects.requireNonNull(wm, "wm");
        displays = List.copyOf(displays);
        if (displays.isEmpty()) {
            throw new InvalidProfileException("displays must list at least one display");
        }
        Set<String> physicalIds = new HashSet<>();
        for (DisplaySpec display : displays) {
            if (!physicalIds.add(display.physicalId())) {
                throw new InvalidProfileException("duplicate physicalId " + display.physicalId());
            }
        }
        packages.keySet().forEach(name -> {
            if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*")) {
                throw new InvalidProfileException("bad package name: " + name);
            }
        });
        packages = Collections.unmodifiableMap(new TreeMap<>(packages));
        latencyMs.forEach((service, ms) -> {
            checkServiceName(service, "latencyMs");
            if (ms == null || ms < 0 || ms > 600_000) {
                throw new InvalidProfileException("latencyMs." + service + " must be 0..600000");
            }
        });
        latencyMs = Collections.unmodifiableMap(new TreeMap<>(latencyMs));
        faults.forEach((service, fault) -> {
            checkServiceName(service, "faults");
            Objects.requireNonNull(fault, "faults." + service);
        });
        faults = Collections.unmodifiableMap(new TreeMap<>(faults));
        recordedOutputs.forEach((command, output) -> {
            checkServiceName(command, "recordedOutputs");
            Objects.requireNonNull(output, "recordedOutputs." + command);
        });
        recordedOutputs = Collections.unmodifiableMap(new TreeMap<>(recordedOutputs));
    }

    private static void checkServiceName(String service, String key) {
        if (service == null || !service.matches("[^\\s]+( [^\\s]+)*")) {
            throw new InvalidProfileException(key + " keys are words separated by one space, got '"
                    + service + "'");
        }
    }

    /** A builder starting from the sample Pixel profile (1080x2400, Android 14, Operator ready). */
    public static Builder builder() {
        return SampleProfiles.pixel().toBuilder();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The features list of the CNXN banner. */
    public String features() {
        return shellV2 ? "cmd,stat_v2,ls_v2,shell_v2" : "cmd,stat_v2,ls_v2";
    }

    /** What the device answers to the host's CNXN. */
    public TransportSettings transportSettings() {
        return new TransportSettings(connectionState + "::ro.product.name=sim;ro.product.model="
                + model + ";ro.product.device=sim;features=" + features(), maxPayload);
    }

    /** Whether {@code packageName} is installed. */
    public boolean isInstalled(String packageName) {
        return packages.containsKey(packageName);
    }

    /** Builds changed copies; every setter replaces one part. */
    public static final class Builder {
        private String model;
        private String connectionState;
        private boolean shellV2;
        private int maxPayload;
        private final Map<String, String> properties;
        private WindowManagerSpec wm;
        private List<DisplaySpec> displays;
        private boolean legacyDisplayDump;
        private final Map<String, PackageSpec> packages;
        private OperatorSpec operator;
        private final Map<String, Long> latencyMs;
        private final Map<String, ServiceFault> faults;
        private final Map<String, ProfileFile> recordedOutputs;

        private Builder(SimulatorProfile from) {
            model = from.model;
            connectionState = from.connectionState;
            shellV2 = from.shellV2;
            maxPayload = from.maxPayload;
            properties = new LinkedHashMap<>(from.properties);
            wm = from.wm;
            displays = from.displays;
            legacyDisplayDump = from.legacyDisplayDump;
            packages = new LinkedHashMap<>(from.packages);
            operator = from.operator;
            latencyMs = new LinkedHashMap<>(from.latencyMs);
            faults = new LinkedHashMap<>(from.faults);
            recordedOutputs = new LinkedHashMap<>(from.recordedOutputs);
        }

        /** Sets the model in the banner and {@code ro.product.model}. */
        public Builder model(String newModel) {
            model = newModel;
            properties.put("ro.product.model", newModel);
            return this;
        }

        public Builder connectionState(String state) {
            connectionState = state;
            return this;
        }

        public Builder shellV2(boolean enabled) {
            shellV2 = enabled;
            return this;
        }

        public Builder maxPayload(int bytes) {
            maxPayload = bytes;
            return this;
        }

        public Builder property(String name, String value) {
            properties.put(name, value);
            return this;
        }

        public Builder removeProperty(String name) {
            properties.remove(name);
            return this;
        }

        /** Replaces the whole property inventory. */
        public Builder properties(Map<String, String> all) {
            properties.clear();
            properties.putAll(all);
            return this;
        }

        public Builder wm(WindowManagerSpec spec) {
            wm = spec;
            return this;
        }

        public Builder wm(UnaryOperator<WindowManagerSpec> change) {
            wm = change.apply(wm);
            return this;
        }

        /** Replaces all displays. */
        public Builder displays(List<DisplaySpec> all) {
            displays = List.copyOf(all);
            return this;
        }

        public Builder displays(DisplaySpec... all) {
            return displays(List.of(all));
        }

        /** Changes every display, e.g. {@code d -> d.withOrientation(1)}. */
        public Builder eachDisplay(UnaryOperator<DisplaySpec> change) {
            displays = displays.stream().map(change).toList();
            return this;
        }

        public Builder legacyDisplayDump(boolean legacy) {
            legacyDisplayDump = legacy;
            return this;
        }

        public Builder installPackage(String name, PackageSpec spec) {
            packages.put(name, spec);
            return this;
        }

        public Builder installPackage(String name, String versionName) {
            return installPackage(name, PackageSpec.of(versionName));
        }

        public Builder uninstallPackage(String name) {
            packages.remove(name);
            return this;
        }

        public Builder operator(OperatorSpec spec) {
            operator = Objects.requireNonNull(spec, "operator: use noOperator() to remove it");
            return this;
        }

        /**
         * The Operator as {@code packageName} (version {@code versionName}) speaking
         * {@code generation}, instead of the one configured: the old Operator package is
         * uninstalled, the new one installed, and the receiver moved to it.
         */
        public Builder operatorAs(String packageName, String versionName, OperatorGeneration generation) {
            if (operator == null) {
                throw new IllegalStateException("the profile has no operator to change");
            }
            packages.remove(operator.packageName());
            packages.put(packageName, PackageSpec.of(versionName));
            operator = operator.withPackageName(packageName).withGeneration(generation);
            return this;
        }

        /** No Operator receiver at all: broadcasts reach nobody (packages stay as they are). */
        public Builder noOperator() {
            operator = null;
            return this;
        }

        /** Changes the Operator, e.g. {@code op -> op.withBehavior(OperatorBehavior.SILENT)}. */
        public Builder operator(UnaryOperator<OperatorSpec> change) {
            if (operator == null) {
                throw new IllegalStateException("the profile has no operator to change");
            }
            operator = change.apply(operator);
            return this;
        }

        public Builder latency(String service, long millis) {
            latencyMs.put(service, millis);
            return this;
        }

        public Builder fault(String service, ServiceFault fault) {
            faults.put(service, fault);
            return this;
        }

        public Builder clearFault(String service) {
            faults.remove(service);
            return this;
        }

        public Builder clearFaults() {
            faults.clear();
            return this;
        }

        /** Serves {@code output} verbatim for exactly {@code commandLine}, as a real device printed it. */
        public Builder recordedOutput(String commandLine, ProfileFile output) {
            recordedOutputs.put(commandLine, output);
            return this;
        }

        public SimulatorProfile build() {
            return new SimulatorProfile(model, connectionState, shellV2, maxPayload, properties, wm,
                    displays, legacyDisplayDump, packages, operator, latencyMs, faults, recordedOutputs);
        }
    }
}
