package com.androperator.evidence.simulator.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Saves a profile as a folder {@link ProfileLoader#load} reads back: profile.json plus every
 * file it names. Tests use it to run a profile built in code in another process.
 */
public final class ProfileWriter {

    public static final String PROFILE_FILE = "profile.json";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProfileWriter() {}

    /**
     * Writes into {@code folder} (created if missing) and returns the profile.json path. Two
     * different files with one name are written under distinct names.
     */
    public static Path write(SimulatorProfile profile, Path folder) {
        try {
            Files.createDirectories(folder);
            FileNames names = new FileNames(folder);
            String json = JSON.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(toJson(profile, names));
            Path file = folder.resolve(PROFILE_FILE);
            Files.writeString(file, json + "\n", StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write profile into " + folder, e);
        }
    }

    /** The JSON form, with files named by {@link ProfileFile#fileName()} and not written. */
    public static String toJson(SimulatorProfile profile) {
        return JSON.writerWithDefaultPrettyPrinter()
                .writeValueAsString(toJson(profile, ProfileFile::fileName));
    }

    private static ObjectNode toJson(SimulatorProfile profile, FileNamer names) {
        if (!profile.recordedOutputs().isEmpty()) {
            // profile.json has no key for them: a saved copy would quietly answer as another phone.
            throw new InvalidProfileException("a recorded phone is its folder of outputs (bin/device-simulator"
                    + " --recorded DIR); profile.json cannot hold " + profile.recordedOutputs().keySet());
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("model", profile.model());
        root.put("connectionState", profile.connectionState());
        root.put("shellV2", profile.shellV2());
        root.put("maxPayload", profile.maxPayload());
        ObjectNode properties = root.putObject("properties");
        profile.properties().forEach(properties::put);
        ObjectNode wm = root.putObject("wm");
        wm.put("physicalSize", profile.wm().physicalSize().toString());
        if (profile.wm().overrideSize() != null) {
            wm.put("overrideSize", profile.wm().overrideSize().toString());
        }
        wm.put("physicalDensity", profile.wm().physicalDensity());
        if (profile.wm().overrideDensity() != null) {
            wm.put("overrideDensity", profile.wm().overrideDensity());
        }
        ArrayNode displays = root.putArray("displays");
        for (DisplaySpec display : profile.displays()) {
            ObjectNode node = displays.addObject();
            node.put("displayId", display.displayId());
            node.put("physicalId", display.physicalId());
            node.put("active", display.active());
            node.put("valid", display.valid());
            node.put("width", display.width());
            node.put("height", display.height());
            node.put("orientation", display.orientation());
            node.put("physicalPort", display.physicalPort());
            node.put("screenshot", names.nameFor(display.screenshot()));
        }
        root.put("legacyDisplayDump", profile.legacyDisplayDump());
        ObjectNode packages = root.putObject("packages");
        profile.packages().forEach((name, spec) -> {
            ObjectNode node = packages.putObject(name);
            node.put("versionName", spec.versionName());
            node.put("versionCode", spec.versionCode());
        });
        OperatorSpec operator = profile.operator();
        if (operator != null) {
            ObjectNode node = root.putObject("operator");
            node.put("package", operator.packageName());
            ObjectNode readiness = node.putObject("readiness");
            readiness.put("screenOn", operator.readiness().screenOn());
            readiness.put("deviceLocked", operator.readiness().deviceLocked());
            readiness.put("userUnlocked", operator.readiness().userUnlocked());
            node.put("hierarchy", names.nameFor(operator.hierarchy()));
            node.put("overlayVisible", operator.overlayVisible());
            node.put("behavior", operator.behavior().wireName());
            if (!operator.behaviors().isEmpty()) {
                ObjectNode behaviors = node.putObject("behaviors");
                operator.behaviors().forEach((type, behavior) ->
                        behaviors.put(type, behavior.wireName()));
            }
            node.put("errorCode", operator.errorCode());
            node.put("errorMessage", operator.errorMessage());
            node.put("delayMs", operator.delayMs());
            node.put("pid", operator.pid());
            if (!operator.encoding().equals(ResultEncoding.DEFAULT)) {
                node.put("hierarchyBytes", operator.encoding().hierarchyBytes().wireName());
                node.put("chunking", operator.encoding().chunking().wireName());
                if (operator.encoding().claimedByteLength() != null) {
                    node.put("claimedByteLength", operator.encoding().claimedByteLength());
                }
            }
            if (operator.generation() != OperatorGeneration.ANDROPERATOR) {
                node.put("generation", operator.generation().wireName());
            }
            if (operator.logcat().untaggedMarker()) {
                node.put("hierarchyMarker", "untagged");
            }
            if (operator.logcat().script() != null) {
                node.put("logcatScript", names.nameFor(operator.logcat().script()));
            }
        }
        ObjectNode latency = root.putObject("latencyMs");
        profile.latencyMs().forEach(latency::put);
        ObjectNode faults = root.putObject("faults");
        profile.faults().forEach((service, fault) -> {
            ObjectNode node = faults.putObject(service);
            if (fault instanceof ServiceFault.DropConnection drop) {
                node.put("dropAfterBytes", drop.afterBytes());
                node.put("offlineMs", drop.offlineMs());
            } else if (fault instanceof ServiceFault.Stall stall) {
                node.put("stallAfterBytes", stall.afterBytes());
            } else if (fault instanceof ServiceFault.Fail fail) {
                node.put("exitCode", fail.exitCode());
                node.put("stdout", fail.stdout());
                node.put("stderr", fail.stderr());
            } else {
                node.put("refuse", true);
            }
        });
        return root;
    }

    @FunctionalInterface
    private interface FileNamer {
        String nameFor(ProfileFile file);
    }

    /** Writes each distinct file once, renaming on a clash of names. */
    private static final class FileNames implements FileNamer {
        private final Path folder;
        private final Map<ProfileFile, String> written = new HashMap<>();
        private final Map<String, ProfileFile> byName = new HashMap<>();

        FileNames(Path folder) {
            this.folder = folder;
        }

        @Override
        public String nameFor(ProfileFile file) {
            String known = written.get(file);
            if (known != null) {
                return known;
            }
            String name = file.fileName();
            int suffix = 2;
            while (byName.containsKey(name)) {
                int dot = file.fileName().lastIndexOf('.');
                name = dot > 0
                        ? file.fileName().substring(0, dot) + "-" + suffix + file.fileName().substring(dot)
                        : file.fileName() + "-" + suffix;
                suffix++;
            }
            try {
                Files.write(folder.resolve(name), file.read());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + name, e);
            }
            written.put(file, name);
            byName.put(name, file);
            return name;
        }
    }
}
