package com.androperator.evidence.simulator.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads profile.json. Files it names (screenshots, the hierarchy) are relative to the folder of
 * the profile, on disk or on the classpath.
 */
public final class ProfileLoader {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final Set<String> TOP_KEYS = Set.of("$schema", "model", "connectionState",
            "shellV2", "maxPayload", "properties", "wm", "displays", "legacyDisplayDump",
            "packages", "operator", "latencyMs", "faults");
    private static final Set<String> WM_KEYS =
            Set.of("physicalSize", "overrideSize", "physicalDensity", "overrideDensity");
    private static final Set<String> DISPLAY_KEYS = Set.of("displayId", "physicalId", "active",
            "valid", "width", "height", "orientation", "physicalPort", "screenshot");
    private static final Set<String> PACKAGE_KEYS = Set.of("versionName", "versionCode");
    private static final Set<String> OPERATOR_KEYS = Set.of("package", "readiness", "hierarchy",
            "overlayVisible", "behavior", "behaviors", "errorCode", "errorMessage", "delayMs", "pid",
            "hierarchyBytes", "chunking", "claimedByteLength", "generation", "hierarchyMarker", "logcatScript");
    private static final Set<String> READINESS_KEYS =
            Set.of("screenOn", "deviceLocked", "userUnlocked");
    private static final Set<String> FAULT_KEYS =
            Set.of("dropAfterBytes", "offlineMs", "stallAfterBytes", "refuse", "exitCode", "stdout", "stderr");

    private ProfileLoader() {}

    /** Loads a profile file; the files it names must exist next to it. */
    public static SimulatorProfile load(Path profileFile) {
        Path folder = profileFile.toAbsolutePath().getParent();
        String json;
        try {
            json = Files.readString(profileFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read profile " + profileFile, e);
        }
        return parse(json, name -> {
            Path file = folder.resolve(name).normalize();
            if (!Files.isRegularFile(file)) {
                throw new InvalidProfileException("profile " + profileFile + " names " + name
                        + ", which is not a file: " + file);
            }
            return ProfileFile.onDisk(file);
        });
    }

    /** Loads a profile packaged as a resource, e.g. {@code profiles/pixel/profile.json}. */
    public static SimulatorProfile loadClasspath(String resource) {
        ClassLoader loader = ProfileLoader.class.getClassLoader();
        String json;
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new InvalidProfileException("classpath profile not found: " + resource);
            }
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read classpath profile " + resource, e);
        }
        String folder = resource.contains("/") ? resource.substring(0, resource.lastIndexOf('/') + 1)
                : "";
        return parse(json, name -> {
            String path = Path.of(folder + name).normalize().toString().replace('\\', '/');
            if (loader.getResource(path) == null) {
                throw new InvalidProfileException("profile " + resource + " names " + name
                        + ", which is not on the classpath");
            }
            return ProfileFile.classpath(path);
        });
    }

    /**
     * Parses profile JSON.
     *
     * @param files turns a file name from the profile into the file
     * @throws InvalidProfileException naming the first offending key
     */
    public static SimulatorProfile parse(String json, Function<String, ProfileFile> files) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JacksonException e) {
            throw new InvalidProfileException("profile is not valid JSON: " + e.getOriginalMessage(), e);
        }
        JsonFields top = JsonFields.of(root, "").allowOnly(TOP_KEYS);
        Map<String, String> properties = new LinkedHashMap<>();
        top.members("properties").forEach((name, value) -> {
            if (!value.isString()) {
                throw new InvalidProfileException("properties." + name + " must be a string");
            }
            properties.put(name, value.stringValue());
        });
        if (!top.has("properties")) {
            throw new InvalidProfileException("properties is required");
        }
        Map<String, PackageSpec> packages = new LinkedHashMap<>();
        top.members("packages").forEach((name, value) -> {
            JsonFields spec = JsonFields.of(value, "packages." + name).allowOnly(PACKAGE_KEYS);
            packages.put(name, new PackageSpec(spec.string("versionName"),
                    spec.integer("versionCode", 1)));
        });
        Map<String, Long> latency = new LinkedHashMap<>();
        top.members("latencyMs").forEach((service, value) -> {
            if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                throw new InvalidProfileException("latencyMs." + service + " must be an integer");
            }
            latency.put(service, value.longValue());
        });
        Map<String, ServiceFault> faults = new LinkedHashMap<>();
        top.members("faults").forEach((service, value) ->
                faults.put(service, fault(JsonFields.of(value, "faults." + service))));
        return new SimulatorProfile(
                top.string("model"),
                top.string("connectionState", "device"),
                top.bool("shellV2", true),
                top.smallInteger("maxPayload", 1024 * 1024),
                properties,
                windowManager(top.object("wm").allowOnly(WM_KEYS)),
                displays(top, files),
                top.bool("legacyDisplayDump", false),
                packages,
                top.has("operator") ? operator(top.object("operator").allowOnly(OPERATOR_KEYS), files)
                        : null,
                latency,
                faults,
                Map.of());
    }

    private static WindowManagerSpec windowManager(JsonFields wm) {
        return new WindowManagerSpec(
                ScreenSize.parse(wm.string("physicalSize")),
                wm.has("overrideSize") ? ScreenSize.parse(wm.string("overrideSize")) : null,
                wm.smallInteger("physicalDensity"),
                wm.has("overrideDensity") ? wm.smallInteger("overrideDensity") : null);
    }

    private static List<DisplaySpec> displays(JsonFields top, Function<String, ProfileFile> files) {
        JsonNode array = top.array("displays");
        List<DisplaySpec> displays = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            JsonFields display = JsonFields.of(array.get(i), "displays[" + i + "]")
                    .allowOnly(DISPLAY_KEYS);
            String physicalId = display.string("physicalId");
            try {
                displays.add(new DisplaySpec(
                        display.smallInteger("displayId"),
                        physicalId,
                        display.bool("active", true),
                        display.bool("valid", true),
                        display.smallInteger("width"),
                        display.smallInteger("height"),
                        display.smallInteger("orientation", 0),
                        display.has("physicalPort") ? display.smallInteger("physicalPort")
                                : DisplaySpec.defaultPort(physicalId),
                        files.apply(display.string("screenshot"))));
            } catch (InvalidProfileException e) {
                throw new InvalidProfileException("displays[" + i + "]: " + e.getMessage(), e);
            }
        }
        return displays;
    }

    private static OperatorSpec operator(JsonFields operator, Function<String, ProfileFile> files) {
        Readiness readiness = Readiness.ready();
        if (operator.has("readiness")) {
            JsonFields ready = operator.object("readiness").allowOnly(READINESS_KEYS);
            readiness = new Readiness(ready.bool("screenOn"), ready.bool("deviceLocked"),
                    ready.bool("userUnlocked"));
        }
        Map<String, OperatorBehavior> behaviors = new LinkedHashMap<>();
        operator.members("behaviors").forEach((actionType, value) -> {
            if (!value.isString()) {
                throw new InvalidProfileException("operator.behaviors." + actionType
                        + " must be a string");
            }
            behaviors.put(actionType, OperatorBehavior.fromWireName(value.stringValue()));
        });
        return new OperatorSpec(
                operator.string("package"),
                readiness,
                files.apply(operator.string("hierarchy")),
                operator.bool("overlayVisible", false),
                OperatorBehavior.fromWireName(operator.string("behavior", "success")),
                behaviors,
                operator.string("errorCode", OperatorSpec.DEFAULT_ERROR_CODE),
                operator.string("errorMessage", OperatorSpec.DEFAULT_ERROR_MESSAGE),
                operator.integer("delayMs", 0),
                operator.smallInteger("pid", 1234),
                new ResultEncoding(
                        ResultEncoding.HierarchyBytes.fromWireName(operator.string("hierarchyBytes", "utf8")),
                        ResultEncoding.Chunking.fromWireName(operator.string("chunking", "auto")),
                        operator.has("claimedByteLength") ? operator.integer("claimedByteLength") : null),
                OperatorGeneration.fromWireName(operator.string("generation", "androperator")),
                new LogcatHierarchy(hierarchyMarker(operator.string("hierarchyMarker", "tagged")),
                        operator.has("logcatScript") ? files.apply(operator.string("logcatScript")) : null));
    }

    private static boolean hierarchyMarker(String marker) {
        if (!marker.equals("tagged") && !marker.equals("untagged")) {
            throw new InvalidProfileException("operator.hierarchyMarker must be tagged or untagged, got " + marker);
        }
        return marker.equals("untagged");
    }

    private static ServiceFault fault(JsonFields fault) {
        fault.allowOnly(FAULT_KEYS);
        int kinds = (fault.has("dropAfterBytes") ? 1 : 0) + (fault.has("stallAfterBytes") ? 1 : 0)
                + (fault.has("refuse") ? 1 : 0)
                + (fault.has("exitCode") ? 1 : 0);
        if (kinds != 1) {
            throw new InvalidProfileException(fault.where() + " needs exactly one of"
                    + " dropAfterBytes, stallAfterBytes, refuse, exitCode");
        }
        if (fault.has("dropAfterBytes")) {
            return new ServiceFault.DropConnection(fault.integer("dropAfterBytes"),
                    fault.integer("offlineMs", ServiceFault.DropConnection.DEFAULT_OFFLINE_MS));
        }
        if (fault.has("stallAfterBytes")) {
            return new ServiceFault.Stall(fault.integer("stallAfterBytes"));
        }
        if (fault.has("refuse")) {
            if (!fault.bool("refuse")) {
                throw new InvalidProfileException(fault.path("refuse") + " must be true when given");
            }
            return new ServiceFault.Refuse();
        }
        return new ServiceFault.Fail(fault.smallInteger("exitCode"), fault.string("stdout", ""),
                fault.string("stderr", ""));
    }
}
