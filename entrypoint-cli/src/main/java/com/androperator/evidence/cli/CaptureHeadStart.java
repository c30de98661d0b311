package com.androperator.evidence.cli;

import com.androperator.evidence.api.AndroperatorVersion;
import com.androperator.evidence.contracts.Artifact;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.ArtifactStatus;
import com.androperator.evidence.contracts.BundleStatus;
import com.androperator.evidence.contracts.CallerContext;
import com.androperator.evidence.contracts.CaptureRecord;
import com.androperator.evidence.contracts.CapturesFile;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.Details;
import com.androperator.evidence.contracts.DeviceInfo;
import com.androperator.evidence.contracts.DeviceType;
import com.androperator.evidence.contracts.DeviceTypeProperties;
import com.androperator.evidence.contracts.DisplayInfo;
import com.androperator.evidence.contracts.ImageGeometry;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.contracts.RawJson;
import com.androperator.evidence.contracts.Timing;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The set-up of a capture process that does not depend on the capture, done on a helper thread
 * while the main thread builds the command line and starts the capture; what it resolves or
 * compiles first, the capture finds ready (docs/benchmarks.md, "Fourth pass: a CLI capture's cold paths").
 * <ol>
 *   <li><b>The version.</b> The command line's version provider reads it from a resource, which
 *   the manifest records too; read here first, the main thread finds it loaded.</li>
 *   <li><b>SHA-256.</b> The capture hashes every file it writes as the bytes arrive. A one-shot
 *   command runs on the client compiler alone, which has no SHA-256 intrinsic: the JDK's digest
 *   runs as Java, interpreted at first. Setting up the security providers and hashing 64 KiB here
 *   lets the compiler compile the digest's block function before the screenshot's bytes arrive.</li>
 *   <li><b>JSON.</b> The contract writer ({@link ContractJson}, which writes the contracts' own
 *   types without Jackson's databind) lays out each record type once, from the annotations in its
 *   class file. Writing one sample of each document a capture writes (a complete still capture's
 *   captures.json, manifest.json and result, shaped as the capture makes them) through the writers
 *   the capture uses, to nowhere, leaves those layouts and accessors ready for the capture's writes.
 *   A type the samples miss is laid out by the capture's own write, as without them.</li>
 * </ol>
 * Nothing is written anywhere and nothing is printed.
 */
final class CaptureHeadStart {
    private static final String AT = "2026-01-01T00:00:00.000Z";
    private static final String TASK = "00000000-0000-4000-8000-000000000000";
    private static final String SHA256 = "0".repeat(64);
    /** Past the client compiler's threshold for the digest's block function (600 calls of 64 bytes at the launcher's scaling). */
    private static final int DIGEST_WARM_UP_BYTES = 64 * 1024;

    private CaptureHeadStart() {
    }

    /**
     * Starts the head start on a daemon thread, which never holds the process open and never prints:
     * whatever it meets (a failure of a step is skipped below; anything else, say a class that fails to
     * link) the capture's own work meets again and reports as the tool reports it.
     */
    static void start() {
        Thread thread = new Thread(() -> {
            AndroperatorVersion.current();
            prepareDigest();
            writeSamples();
        }, "evidence-head-start");
        thread.setDaemon(true);
        thread.setUncaughtExceptionHandler((ignored, failure) -> { });
        thread.start();
    }

    /** Whether SHA-256 was set up and run; a JVM without it fails the capture's own digest the same way. */
    static boolean prepareDigest() {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(new byte[DIGEST_WARM_UP_BYTES]);
            digest.digest();
            return true;
        } catch (NoSuchAlgorithmException e) {
            return false;
        }
    }

    /** The documents whose samples it wrote, in the order a capture writes them. */
    static List<Class<?>> writeSamples() {
        List<Class<?>> written = new ArrayList<>();
        OutputStream nowhere = OutputStream.nullOutputStream();
        // The bundle writer's (FileBundleWriter) and the result printer's (ResultPrinter) calls.
        write(written, CapturesFile.class, CaptureHeadStart::captures, sample -> ContractJson.writePretty(nowhere, sample));
        write(written, Manifest.class, CaptureHeadStart::manifest, sample -> ContractJson.writePretty(nowhere, sample));
        write(written, CommandResult.class, CaptureHeadStart::result, ContractJson::toBytes);
        return written;
    }

    private static <T> void write(List<Class<?>> written, Class<T> document, Supplier<T> sample, Consumer<T> writer) {
        try {
            writer.accept(sample.get());
            written.add(document);
        } catch (RuntimeException e) {
            // Only a head start: a sample that no longer meets its record's checks, or a write that
            // fails, leaves the work to the capture's own write, which reports any failure it meets.
        }
    }

    static CapturesFile captures() {
        Map<String, Object> receipt = new LinkedHashMap<>();
        receipt.put("ok", true);
        receipt.put("bytes", 1_031_701L);
        receipt.put("command", "screencap -p -d '0'");
        receipt.put("displayId", 0);
        receipt.put("physicalDisplayId", "0");
        receipt.put("legacyDisplayDump", false);
        receipt.put("displayState", "ON");
        receipt.put("bytesReceived", 1_031_701L);
        receipt.put("exitStatus", null);
        receipt.put("durationMs", 26L);
        Map<String, Object> snapshot = new LinkedHashMap<>();
        snapshot.put("ok", true);
        snapshot.put("envelope", RawJson.of(("{\"commandId\":\"" + TASK + "-hierarchy\",\"status\":\"success\"}")
                .getBytes(StandardCharsets.UTF_8)));
        snapshot.put("deviceId", "emulator-5554");
        snapshot.put("terminalSource", "androperator_result");
        Map<String, Object> logged = new LinkedHashMap<>();
        logged.put("markerFound", false);
        logged.put("tag", null);
        logged.put("records", 0);
        Map<String, Object> reader = new LinkedHashMap<>();
        reader.put("chunks", 221);
        reader.put("bytes", 373_141L);
        reader.put("spooledToDisk", false);
        reader.put("loggedHierarchy", logged);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("screenOn", true);
        details.put("reader", reader);
        details.put("hierarchySource", "envelope");
        Timing timing = new Timing(AT, AT, 0);
        return new CapturesFile(List.of(
                new CaptureRecord("screenshot", "adb_screencap", TASK + "-screenshot", TASK, Details.fromJson(receipt),
                        AT, AT, 0, "screenshot.png", timing, timing, null),
                new CaptureRecord("hierarchy", "operator", TASK + "-hierarchy", TASK, Details.fromJson(snapshot),
                        AT, AT, 0, "hierarchy.xml", timing, timing, Details.fromJson(details))));
    }

    static Manifest manifest() {
        DeviceInfo device = new DeviceInfo("emulator-5554", "com.androperator.operator.dev", "0", "0", 34, "14",
                "Google", "Pixel 7", DeviceType.PHYSICAL, new DeviceTypeProperties(null, null),
                new DisplayInfo(1080, 2400, 420, 0));
        List<Artifact> artifacts = List.of(
                new Artifact(ArtifactKind.SCREENSHOT, "screenshot.png", "image/png", ArtifactStatus.COMPLETE, 1L, SHA256,
                        AT, AT, 0, TASK + "-screenshot", TASK, ImageGeometry.ofPixels(1080, 2400), null),
                new Artifact(ArtifactKind.HIERARCHY, "hierarchy.xml", "application/xml", ArtifactStatus.COMPLETE, 1L,
                        SHA256, AT, AT, 0, TASK + "-hierarchy", TASK, null, null),
                new Artifact(ArtifactKind.CAPTURE_ENVELOPES, "captures.json", "application/json", ArtifactStatus.COMPLETE,
                        1L, SHA256, AT, AT, 0, null, null, null, null));
        return new Manifest(Manifest.SCHEMA_VERSION, TASK, "", CallerContext.EMPTY, device, AT, AT, BundleStatus.COMPLETE,
                artifacts, List.of(), null);
    }

    static CommandResult result() {
        return new CommandResult(true, "complete", "/manifest.json", TASK, null, null, null, null, null);
    }
}
