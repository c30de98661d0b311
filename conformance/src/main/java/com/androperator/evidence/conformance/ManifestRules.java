package com.androperator.evidence.conformance;

import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.ParserLimits;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * manifest.json: read from the bundle (strict UTF-8 JSON), validated against its schema and the
 * contract record, then what the schema cannot say: the label's UTF-16 length, the context's
 * serialized size, times in order, each artifact error listed in errors, and device metadata
 * (every unavailable value has an error; the device type follows the emulator flags).
 */
final class ManifestRules implements BundleRule {
    private static final String MANIFEST = BundleShape.MANIFEST;
    /** A bundle JSON document past its bound on bytes or tokens (ParserLimits); not read further. */
    static final String DOCUMENT_TOO_LARGE = "DOCUMENT_TOO_LARGE";

    @Override
    public void check(Verification verification) {
        verification.manifest = read(verification);
        if (verification.manifest != null) {
            checkInvariants(verification, verification.manifest);
            checkDevice(verification, verification.manifest);
        }
    }

    private static Manifest read(Verification v) {
        JsonNode tree = readDocument(v, MANIFEST, "; the bundle has no finalized manifest");
        if (tree == null) {
            return null;
        }
        JsonNode artifacts = tree.path("artifacts");
        if (artifacts.size() > ParserLimits.BUNDLE_MANIFEST_MAX_ARTIFACTS) {
            v.add("TOO_MANY_ARTIFACTS", MANIFEST + "#/artifacts", "the manifest lists " + artifacts.size()
                    + " artifacts; at most " + ParserLimits.BUNDLE_MANIFEST_MAX_ARTIFACTS + " are verified");
            return null;
        }
        for (ContractSchemas.Violation violation : ContractSchemas.validate(ContractSchemas.Document.MANIFEST, tree)) {
            v.add("SCHEMA", Pointers.at(MANIFEST, violation.pointer()), violation.message());
        }
        JsonNode label = tree.path("label");
        if (label.isString() && label.stringValue().length() > Manifest.MAX_LABEL_UTF16_UNITS) {
            v.add("LABEL_TOO_LONG", MANIFEST + "#/label", "the label has " + label.stringValue().length()
                    + " UTF-16 code units; at most " + Manifest.MAX_LABEL_UTF16_UNITS + " are allowed");
        }
        try {
            return ContractJson.mapper().treeToValue(tree, Manifest.class);
        } catch (JacksonException | IllegalArgumentException e) {
            v.add("SCHEMA", MANIFEST, "the manifest does not satisfy the contract record: "
                    + Verification.rootMessage(e));
            return null;
        }
    }

    /** A bundle JSON document that is not a listed artifact (the manifest), or null after reporting why not. */
    static JsonNode readDocument(Verification v, String name, String missingHint) {
        BundleFiles.Entry entry = v.files.entry(name);
        if (entry instanceof BundleFiles.Entry.Missing) {
            v.add("MISSING_FILE", name, name + " does not exist" + missingHint);
            return null;
        }
        if (!(entry instanceof BundleFiles.Entry.RegularFile file)) {
            v.add("NOT_REGULAR_FILE", name, name + " is not a regular file" + FileContentRules.describe(entry, name));
            return null;
        }
        if (file.size() > ParserLimits.BUNDLE_MANIFEST_MAX_BYTES) {
            v.add(DOCUMENT_TOO_LARGE, name, name + " has " + file.size() + " bytes; at most "
                    + ParserLimits.BUNDLE_MANIFEST_MAX_BYTES + " (8 MiB) are read");
            return null;
        }
        try (InputStream in = v.files.open(name)) {
            JsonDocuments.Parsed parsed = JsonDocuments.read(in);
            if (parsed instanceof JsonDocuments.Parsed.Invalid invalid) {
                v.add("JSON_INVALID", name, name + " " + invalid.reason());
                return null;
            }
            if (parsed instanceof JsonDocuments.Parsed.TooLarge tooLarge) {
                v.add(DOCUMENT_TOO_LARGE, name, name + " " + tooLarge.reason());
                return null;
            }
            return ((JsonDocuments.Parsed.Document) parsed).tree();
        } catch (IOException e) {
            v.add("UNREADABLE_FILE", name, name + " cannot be read: " + e.getMessage());
            return null;
        }
    }

    private static void checkInvariants(Verification v, Manifest manifest) {
        int contextBytes = ContractJson.toBytes(manifest.context()).length;
        if (contextBytes > BundleShape.MAX_CONTEXT_BYTES) {
            v.add("CONTEXT_TOO_LARGE", MANIFEST + "#/context",
                    "context is " + contextBytes + " bytes of UTF-8 JSON; at most 16 KiB is allowed");
        }
        v.checkOrder(MANIFEST + "#/startedAt", manifest.startedAt(), manifest.finishedAt());
        for (int i = 0; i < manifest.artifacts().size(); i++) {
            Artifact artifact = manifest.artifacts().get(i);
            v.checkOrder(MANIFEST + "#/artifacts/" + i, artifact.startedAt(), artifact.finishedAt());
            if (artifact.error() != null && !manifest.errors().contains(artifact.error())) {
                v.add("ERROR_NOT_RECORDED", MANIFEST + "#/artifacts/" + i + "/error",
                        "the artifact's error " + artifact.error().code() + " does not appear in errors");
            }
        }
    }

    private static void checkDevice(Verification v, Manifest manifest) {
        DeviceInfo device = manifest.device();
        List<String> missing = new ArrayList<>();
        if (device.operatorPackage() != null && device.operatorVersion() == null) {
            missing.add("operatorVersion");
        }
        addIfNull(missing, device.apiLevel(), "apiLevel");
        addIfNull(missing, device.androidVersion(), "androidVersion");
        addIfNull(missing, device.manufacturer(), "manufacturer");
        addIfNull(missing, device.model(), "model");
        if (device.deviceType() == DeviceType.UNKNOWN) {
            missing.add("deviceType");
        }
        DisplayInfo display = device.display();
        if (display.width() == null || display.height() == null) {
            missing.add("display size");
        }
        addIfNull(missing, display.density(), "display.density");
        addIfNull(missing, display.rotation(), "display.rotation");
        if (!missing.isEmpty() && manifest.isTerminal() && manifest.errors().isEmpty()) {
            v.add("METADATA_ERROR_MISSING", MANIFEST + "#/device",
                    "unavailable metadata " + missing + " is null or unknown without an associated error");
        }
        if (!missing.isEmpty() && manifest.status() == BundleStatus.COMPLETE) {
            v.add("STATUS_INCONSISTENT", MANIFEST + "#/status",
                    "missing metadata " + missing + " makes otherwise usable evidence partial, not complete");
        }
        checkDeviceType(v, device);
    }

    private static void addIfNull(List<String> missing, Object value, String name) {
        if (value == null) {
            missing.add(name);
        }
    }

    /**
     * emulator needs a "1" flag; physical needs both flags absent/empty or "0". unknown is not
     * checked against the flags: a malformed getprop inventory is unknown even when the values
     * read around the garbage include a "1" (the spec's "malformed ... inventories ... produce
     * unknown"), and the manifest cannot show that the inventory was malformed.
     */
    private static void checkDeviceType(Verification v, DeviceInfo device) {
        String kernel = device.deviceTypeProperties().roKernelQemu();
        String boot = device.deviceTypeProperties().roBootQemu();
        boolean anyOne = "1".equals(kernel) || "1".equals(boot);
        boolean allZeroOrAbsent = (kernel == null || "0".equals(kernel)) && (boot == null || "0".equals(boot));
        String pointer = MANIFEST + "#/device/deviceType";
        if (device.deviceType() == DeviceType.EMULATOR && !anyOne) {
            v.add("DEVICE_TYPE_INCONSISTENT", pointer, "emulator requires ro.kernel.qemu or ro.boot.qemu \"1\"");
        } else if (device.deviceType() == DeviceType.PHYSICAL && !allZeroOrAbsent) {
            v.add("DEVICE_TYPE_INCONSISTENT", pointer, "physical requires both emulator flags absent, empty or \"0\"");
        }
    }
}
