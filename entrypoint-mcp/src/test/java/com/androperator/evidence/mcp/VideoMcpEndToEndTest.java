package com.androperator.evidence.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.fs.video.SessionFile;
import com.androperator.evidence.api.testing.VideoToolbox;
import com.androperator.evidence.conformance.Conformance;
import com.androperator.evidence.contracts.ArtifactKind;
import com.androperator.evidence.contracts.CommandResult;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.Manifest;
import com.androperator.evidence.simulator.lab.AdbLab;
import com.androperator.evidence.simulator.lab.AdbLabExtension;
import com.androperator.evidence.simulator.lab.Await;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ResourceLink;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The video tools through the SDK's own MCP client over stdio, against a server process whose PATH
 * holds the fake scrcpy and the real ffmpeg/ffprobe 6.1.1, recording the simulated phone through
 * the real adb server. Bundles go to ANDROPERATOR_EVIDENCE_DIR/bundles/&lt;sessionId&gt;; a client
 * names a session by its sessionId alone.
 */
class VideoMcpEndToEndTest {
    /** Bounds every wait for a state; a safety net, not a timing assertion. */
    private static final Duration SETTLE = Duration.ofSeconds(45);

    @RegisterExtension
    static final AdbLabExtension lab = AdbLabExtension.withSamplePhone();
    private static Path scratch;
    private static VideoToolbox toolbox;
    private static Path root;
    private static McpServerProcess server;

    @BeforeAll
    static void start() throws IOException {
        scratch = Files.createTempDirectory("mcp-video-");
        toolbox = VideoToolbox.prepare(scratch);
        root = Files.createDirectory(scratch.resolve("root"));
        server = McpServerProcess.start(environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", root.toString())), root);
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            if (server != null) {
                server.close();
            }
            assertThat(VideoToolbox.awaitNoProcessMentions(scratch, SETTLE))
                    .as("no worker or recorder of this class outlives it").isTrue();
        } finally {
            if (lab != null) {
            }
            VideoToolbox.deleteTree(scratch);
        }
    }

    /**
     * A test that failed half-way may leave a recording running: open any gate, stop every
     * session that is not terminal, and wait until no worker, recorder or muxer names this class's
     * directory.
     */
    @AfterEach
    void stopLeftovers() throws IOException {
        Files.createDirectories(scratch.resolve("gate"));
        Files.writeString(scratch.resolve("gate").resolve("open"), "");
        VideoToolbox.stopUnfinishedSessions(scratch, 6, environment(Map.of()));
        for (Path evidenceRoot : List.of(scratch.resolve("root"), scratch.resolve("faulty-root"))) {
            assertThat(VideoToolbox.awaitNoProcessMentions(evidenceRoot, Duration.ofSeconds(60)))
                    .as("every worker and recorder under %s has ended", evidenceRoot).isTrue();
        }
    }

    // ---- a recording ------------------------------------------------------------------------

    @Test
    void aRecordingIsStartedStoppedAndFoundBySessionIdAloneAndItsBundleConforms() throws IOException {
        // No operatorPackage: video records through scrcpy only.
        CallToolResult start = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 2));

        assertThat(start.isError()).as("%s", start).isFalse();
        CommandResult started = result(start);
        assertThat(started.ok()).isTrue();
        assertThat(started.status()).isEqualTo("recording");
        String sessionId = started.sessionId();
        assertThat(sessionId).isNotBlank();
        Path bundle = root.resolve("bundles").resolve(sessionId);
        assertThat(started.manifestPath()).isEqualTo(bundle.resolve("manifest.json").toString());
        // The session's files as resource links, after the unchanged JSON text block.
        assertThat(start.content().get(0)).isInstanceOf(TextContent.class);
        assertThat(links(start)).containsKey("manifest.json");

        CallToolResult status = call("evidence_video_status", Map.of("sessionId", sessionId));
        assertThat(status.isError()).as("%s", status).isFalse();
        assertThat(result(status).status()).isIn("recording", "finalizing", "complete");
        assertThat(result(status).sessionId()).isEqualTo(sessionId);

        CommandResult stopped = stopUntilComplete(server, sessionId);
        assertThat(stopped.ok()).isTrue();
        assertThat(stopped.sessionId()).isEqualTo(sessionId);

        Manifest manifest = manifest(bundle);
        assertThat(manifest.status().wire()).as("%s", manifest.errors()).isEqualTo("complete");
        assertThat(manifest.evidenceId()).isEqualTo(sessionId);
        assertThat(manifest.device().serial()).isEqualTo(lab.serial());
        assertThat(manifest.device().operatorPackage()).isNull();
        assertThat(manifest.device().cliVersion()).isNotBlank();
        assertThat(manifest.artifacts()).filteredOn(a -> a.kind() == ArtifactKind.VIDEO).extracting(a -> a.path())
                .containsExactly("video.mp4");
        Conformance.assertConforms(bundle);

        // Repeating stop and status returns the same outcome and changes no file.
        assertThat(VideoToolbox.awaitNoProcessMentions(bundle, SETTLE)).as("the worker has exited").isTrue();
        Map<String, String> before = snapshot(bundle);
        CallToolResult again = call("evidence_video_stop", Map.of("sessionId", sessionId));
        assertThat(again.isError()).isFalse();
        assertThat(result(again)).isEqualTo(stopped);
        Map<String, ResourceLink> finished = links(again);
        assertThat(finished).containsKeys("manifest.json", "video.mp4");
        assertThat(finished.get("video.mp4").uri()).isEqualTo("evidence://bundles/" + sessionId + "/video.mp4");
        assertThat(finished.get("video.mp4").mimeType()).isEqualTo("video/mp4");
        assertThat(finished.get("video.mp4").size()).isEqualTo(Files.size(bundle.resolve("video.mp4")));
        CallToolResult complete = call("evidence_video_status", Map.of("sessionId", sessionId));
        assertThat(complete.isError()).isFalse();
        assertThat(result(complete)).isEqualTo(stopped);
        assertThat(snapshot(bundle)).isEqualTo(before);
    }

    /** The resource links of a result, by file name. */
    private static Map<String, ResourceLink> links(CallToolResult result) {
        Map<String, ResourceLink> links = new LinkedHashMap<>();
        result.content().stream().filter(ResourceLink.class::isInstance).map(ResourceLink.class::cast)
                .forEach(link -> links.put(link.name(), link));
        return links;
    }

    @Test
    void statusAndStopTakeOnlyTheSessionIdAndASecondStartOnTheDeviceIsRefused() throws IOException {
        CallToolResult start = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 60,
                "operatorPackage", AdbLab.OPERATOR, "size", "324x720", "label", "mcp video",
                "context", Map.of("commandId", "c1", "originalVerdict", "failed")));
        assertThat(start.isError()).as("%s", start).isFalse();
        String sessionId = result(start).sessionId();
        List<Path> bundlesWhileRecording = bundles(root);

        for (String tool : List.of("evidence_video_status", "evidence_video_stop")) {
            for (Map<String, Object> arguments : List.<Map<String, Object>>of(
                    Map.of("sessionId", sessionId, "deviceId", lab.serial()),
                    Map.of("sessionId", sessionId, "operatorPackage", AdbLab.OPERATOR),
                    Map.of("sessionId", sessionId, "manifestPath", result(start).manifestPath()),
                    Map.of("sessionId", sessionId, "outputDir", root.toString()),
                    Map.of("sessionId", sessionId, "verbose", true),
                    Map.of("manifestPath", result(start).manifestPath()))) {
                CallToolResult refused = call(tool, arguments);
                assertThat(refused.isError()).as("%s %s", tool, arguments).isTrue();
                CommandResult result = result(refused);
                assertThat(result.code()).as("%s %s", tool, arguments).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
                @SuppressWarnings("unchecked")
                List<String> rejected = (List<String>) result.details().asMap().get("rejected");
                assertThat(rejected).as("%s %s", tool, arguments)
                        .containsExactlyElementsOf(arguments.keySet().stream().filter(k -> !k.equals("sessionId")).toList());
            }
        }
        for (String tool : List.of("evidence_video_status", "evidence_video_stop")) {
            for (Object bogus : List.of("00000000-0000-0000-0000-000000000000", "../" + sessionId, "")) {
                CallToolResult unknown = call(tool, Map.of("sessionId", bogus));
                assertThat(unknown.isError()).isTrue();
                assertThat(result(unknown).code()).as("%s %s", tool, bogus).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
            }
            CallToolResult missing = call(tool, Map.of());
            assertThat(missing.isError()).isTrue();
            assertThat(result(missing).code()).as("%s without sessionId", tool)
                    .isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            assertThat(result(missing).message()).contains("sessionId");
            CallToolResult notText = call(tool, Map.of("sessionId", 5));
            assertThat(result(notText).code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
        }

        CallToolResult second = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 2));
        assertThat(second.isError()).isTrue();
        CommandResult busy = result(second);
        assertThat(busy.code()).isEqualTo(ErrorCodes.EVIDENCE_RECORDING_ACTIVE);
        assertThat(busy.details().asMap()).containsEntry("sessionId", sessionId);
        assertThat(busy.hint()).as("the next step in tool words").contains("evidence_video_stop")
                .doesNotContain("--session", "evidence video");
        assertThat(bundles(root)).as("nothing is created for a refused start").isEqualTo(bundlesWhileRecording);

        CallToolResult stillRecording = call("evidence_video_status", Map.of("sessionId", sessionId));
        assertThat(stillRecording.isError()).isFalse();
        assertThat(result(stillRecording).status()).as("no refused call stopped it").isEqualTo("recording");

        assertThat(stopUntilComplete(server, sessionId).status()).isEqualTo("complete");
        Path bundle = root.resolve("bundles").resolve(sessionId);
        Manifest manifest = manifest(bundle);
        assertThat(manifest.device().operatorPackage()).isEqualTo(AdbLab.OPERATOR);
        assertThat(manifest.label()).isEqualTo("mcp video");
        assertThat(manifest.context().asMap()).isEqualTo(Map.of("commandId", "c1", "originalVerdict", "failed"));
        assertThat(manifest.video().requestedSize().width()).isEqualTo(324);
        Conformance.assertConforms(bundle);
    }

    /**
     * "EVIDENCE_STORAGE_UNWRITABLE includes path, causeCode, message, and recovery in ... MCP errors",
     * "A failed preflight starts no recorder and releases any acquired device lock", and "MCP
     * session-ID lookup requires the root containing that managed bundle".
     */
    @Test
    void anUnwritableRootIsRefusedWithItsStorageDetailsAndAnotherRootCannotResumeASession() throws IOException {
        CallToolResult start = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 2,
                "size", "324x720"));
        assertThat(start.isError()).as("%s", start).isFalse();
        String sessionId = result(start).sessionId();
        assertThat(stopUntilComplete(server, sessionId).status()).isEqualTo("complete");
        Path bundle = root.resolve("bundles").resolve(sessionId);
        Map<String, String> before = snapshot(bundle);

        Path notADirectory = Files.writeString(scratch.resolve("root-is-a-file"), "");
        try (McpServerProcess elsewhere = McpServerProcess.start(
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", notADirectory.toString())), scratch)) {
            for (String tool : List.of("evidence_video_status", "evidence_video_stop")) {
                CallToolResult lookup = call(elsewhere, tool, Map.of("sessionId", sessionId));
                assertThat(lookup.isError()).as("%s under another root", tool).isTrue();
                assertThat(result(lookup).code()).isEqualTo(ErrorCodes.EVIDENCE_SESSION_NOT_FOUND);
            }

            CallToolResult refused = call(elsewhere, "evidence_video_start", Map.of("deviceId", lab.serial(),
                    "durationSeconds", 2, "size", "324x720"));
            assertThat(refused.isError()).as("%s", refused).isTrue();
            CommandResult unwritable = result(refused);
            assertThat(unwritable.code()).isEqualTo(ErrorCodes.EVIDENCE_STORAGE_UNWRITABLE);
            assertThat(unwritable.details().asMap()).containsKeys("path", "causeCode", "message", "recovery")
                    .containsEntry("causeCode", "ENOTDIR");
            assertThat(unwritable.sessionId()).isNull();
        }
        assertThat(Files.readString(notADirectory)).as("nothing is written into the unusable root").isEmpty();
        assertThat(snapshot(bundle)).as("the other server changed nothing").isEqualTo(before);

        // No recorder was started and no lock is left behind: the device records again at once.
        CallToolResult again = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 1,
                "size", "324x720"));
        assertThat(again.isError()).as("%s", again).isFalse();
        assertThat(stopUntilComplete(server, result(again).sessionId()).status()).isEqualTo("complete");
    }

    @Test
    void invalidStartsAreRefusedInTheClientsWordsBeforeAnythingIsCreated() throws IOException {
        List<Path> before = bundles(root);
        Map<Map<String, Object>, String> invalid = new LinkedHashMap<>();
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", 0), "durationSeconds");
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", 181), "durationSeconds");
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", "abc"), "durationSeconds");
        invalid.put(Map.of("deviceId", lab.serial()), "durationSeconds");
        invalid.put(Map.of("durationSeconds", 2), "deviceId");
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", 2, "size", "1081x2400"), "size");
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", 2, "size", "400x720"), "size");
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", 2, "outputDir", root.resolve("x").toString()),
                "outputDir");
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", 2, "manifestPath", "/tmp/m/manifest.json"),
                "manifestPath");
        invalid.put(Map.of("deviceId", lab.serial(), "durationSeconds", 2, "verbose", true), "verbose");
        for (Map.Entry<Map<String, Object>, String> entry : invalid.entrySet()) {
            CallToolResult call = call("evidence_video_start", entry.getKey());
            assertThat(call.isError()).as("%s", entry.getKey()).isTrue();
            CommandResult result = result(call);
            assertThat(result.code()).as("%s", entry.getKey()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
            assertThat(result.message()).as("%s", entry.getKey()).contains(entry.getValue()).doesNotContain("--");
        }
        assertThat(bundles(root)).isEqualTo(before);
        assertThat(root.resolve("x")).doesNotExist();
    }

    @Test
    void theSessionTargetSuppliesTheDeviceAndWithoutAnOperatorPackageNoneIsRecorded() throws IOException {
        Path targetRoot = Files.createDirectory(scratch.resolve("root").resolve("target-root"));
        try (McpServerProcess targeted = McpServerProcess.start(
                environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", targetRoot.toString())), targetRoot,
                "--device", lab.serial())) {
            CallToolResult start = targeted.client().callTool(CallToolRequest.builder("evidence_video_start")
                    .arguments(Map.of("durationSeconds", 1, "size", "324x720")).build());
            assertThat(start.isError()).as("%s", start).isFalse();
            String sessionId = result(start).sessionId();
            assertThat(stopUntilComplete(targeted, sessionId).status()).isEqualTo("complete");
            Path bundle = targetRoot.resolve("bundles").resolve(sessionId);
            assertThat(manifest(bundle).device().serial()).isEqualTo(lab.serial());
            assertThat(manifest(bundle).device().operatorPackage()).isNull();
            Conformance.assertConforms(bundle);
        }
    }

    // ---- a worker killed mid-recording --------------------------------------------------------

    /**
     * The worker of an MCP recording is killed with SIGKILL: its recorder and the ffmpeg processes
     * it started end with it, and the next evidence_video_start on the device is an error with
     * EVIDENCE_RECOVERY_REQUIRED, the lock path and the steps, never a wait that cannot end. Once
     * the lock is removed as the steps say, the device records again.
     */
    @Test
    void aKilledWorkerMakesTheNextStartOnTheDeviceRequireRecovery() throws Exception {
        CallToolResult start = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 60,
                "size", "324x720"));
        assertThat(start.isError()).as("%s", start).isFalse();
        String sessionId = result(start).sessionId();
        Path bundle = root.resolve("bundles").resolve(sessionId);
        Await.until("session.json names its recorder", SETTLE, () -> session(bundle).recorder() != null);
        assertThat(toolbox.awaitEncodedFrames(bundle, 10, SETTLE)).isTrue();
        SessionFile session = session(bundle);
        ProcessHandle worker = ProcessHandle.of(session.worker().pid()).orElseThrow();
        ProcessHandle recorder = ProcessHandle.of(session.recorder().pid()).orElseThrow();
        List<ProcessHandle> media = new java.util.ArrayList<>(recorder.descendants().toList());
        media.add(recorder);

        try {
            worker.destroyForcibly();
            worker.onExit().get();

            Await.until(String.format("no recorder or ffmpeg outlives the worker: %s", media), SETTLE,
                    () -> media.stream().noneMatch(ProcessHandle::isAlive));
            // Until its heartbeat is stale (3 s) the dead worker still vouches for the session; status follows that state.
            Await.until("evidence_video_status answers EVIDENCE_RECOVERY_REQUIRED", SETTLE,
                    () -> ErrorCodes.EVIDENCE_RECOVERY_REQUIRED.equals(
                    result(call("evidence_video_status", Map.of("sessionId", sessionId))).code()));
            List<Path> bundlesBefore = bundles(root);
            CallToolResult again = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 2));
            assertThat(again.isError()).isTrue();
            CommandResult refused = result(again);
            Path lock = Path.of(session.lockPath());
            assertThat(refused.code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);
            assertThat(refused.message()).contains(lock.toString()).doesNotContain("wait for it to finish");
            assertThat(refused.details().asMap()).containsEntry("recoveryRequired", true).containsEntry("lockPath", lock.toString())
                    .containsEntry("workerRunning", false).containsEntry("recorderRunning", false).containsKey("steps");
            assertThat(bundles(root)).as("nothing is created").isEqualTo(bundlesBefore);
            CallToolResult status = call("evidence_video_status", Map.of("sessionId", sessionId));
            assertThat(status.isError()).isTrue();
            assertThat(result(status).code()).isEqualTo(ErrorCodes.EVIDENCE_RECOVERY_REQUIRED);

            Files.delete(lock);
            CallToolResult recovered = call("evidence_video_start", Map.of("deviceId", lab.serial(), "durationSeconds", 1,
                    "size", "324x720"));
            assertThat(recovered.isError()).as("%s", recovered).isFalse();
            assertThat(stopUntilComplete(server, result(recovered).sessionId()).status()).isEqualTo("complete");
        } finally {
            VideoToolbox.removeLockOf(Path.of(session.lockPath()), bundle);
        }
    }

    // ---- pending and failed -----------------------------------------------------------------

    /**
     * A host whose ffmpeg holds every clip encode until the test opens a gate (so stop's 15 s wait
     * passes during finalization) and fails the encode while a "fail" file exists, and whose scrcpy
     * fails to start while a "no-device" file exists.
     */
    @Test
    void aPendingStopAFailedSessionAndAFailedStartSetIsError() throws IOException {
        Path gate = Files.createDirectories(scratch.resolve("gate"));
        Files.deleteIfExists(gate.resolve("open"));
        Path wrapper = VideoToolbox.clipEncodeGate(scratch.resolve("faulty-bin"), gate.resolve("open"),
                gate.resolve("fail"));
        // scrcpy that fails to start, as scrcpy does when the device is gone, while a "no-device" file exists.
        VideoToolbox.script(wrapper, "scrcpy", "#!/usr/bin/env bash\n"
                + "if [[ \"${1:-}\" != --help && -e '" + gate.resolve("no-device") + "' ]]; then\n"
                + "  export FAKE_SCRCPY_FAIL_START=1\n"
                + "fi\n"
                + "exec '" + toolbox.scrcpy() + "' \"$@\"\n");
        Path faultyRoot = Files.createDirectory(scratch.resolve("faulty-root"));
        Map<String, String> environment = environment(Map.of("ANDROPERATOR_EVIDENCE_DIR", faultyRoot.toString()));
        environment.put("PATH", wrapper + ":" + environment.get("PATH"));
        try (McpServerProcess faulty = McpServerProcess.start(environment, faultyRoot)) {
            CallToolResult start = faulty.client().callTool(CallToolRequest.builder("evidence_video_start")
                    .arguments(Map.of("deviceId", lab.serial(), "durationSeconds", 30, "size", "324x720")).build());
            assertThat(start.isError()).as("%s", start).isFalse();
            String sessionId = result(start).sessionId();
            assertThat(toolbox.awaitEncodedFrames(Path.of(sessionId), 10, SETTLE)).isTrue();

            // While stop waits on the held finalization, the server keeps answering other calls.
            java.util.concurrent.CompletableFuture<CallToolResult> stopping = java.util.concurrent.CompletableFuture
                    .supplyAsync(() -> call(faulty, "evidence_video_stop", Map.of("sessionId", sessionId)));
            String[] seen = new String[1];
            Await.until(String.format("status while stop waits: %s", seen[0]), SETTLE, () -> {
                seen[0] = result(call(faulty, "evidence_video_status", Map.of("sessionId", sessionId))).status();
                return "finalizing".equals(seen[0]);
            });
            assertThat(stopping).as("status was answered while stop was still waiting").isNotDone();
            CallToolResult pending = stopping.join();
            assertThat(pending.isError()).as("a pending stop is an error: %s", pending).isTrue();
            assertThat(result(pending).code()).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
            assertThat(result(pending).status()).isEqualTo("finalizing");
            assertThat(result(pending).sessionId()).isEqualTo(sessionId);
            assertThat(result(pending).message()).as("the next step in tool words").contains("evidence_video_status")
                    .doesNotContain("evidence video");
            CallToolResult finalizing = call(faulty, "evidence_video_status", Map.of("sessionId", sessionId));
            assertThat(finalizing.isError()).as("finalizing is found and healthy").isFalse();
            assertThat(result(finalizing).status()).isEqualTo("finalizing");

            Files.writeString(gate.resolve("open"), "");
            assertThat(stopUntilComplete(faulty, sessionId).status()).isEqualTo("complete");
            Conformance.assertConforms(faultyRoot.resolve("bundles").resolve(sessionId));

            Files.writeString(gate.resolve("fail"), "");
            CallToolResult doomed = faulty.client().callTool(CallToolRequest.builder("evidence_video_start")
                    .arguments(Map.of("deviceId", lab.serial(), "durationSeconds", 1, "size", "324x720")).build());
            assertThat(doomed.isError()).as("%s", doomed).isFalse();
            String failedId = result(doomed).sessionId();
            CommandResult[] last = new CommandResult[1];
            boolean[] error = new boolean[1];
            Await.until(String.format("the failed session ends: %s", last[0]), SETTLE, () -> {
                CallToolResult status = call(faulty, "evidence_video_status", Map.of("sessionId", failedId));
                last[0] = result(status);
                error[0] = status.isError();
                return !List.of("starting", "recording", "finalizing").contains(last[0].status());
            });
            assertThat(last[0].status()).isIn("partial", "failed");
            assertThat(last[0].code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            assertThat(error[0]).as("a %s session is an error", last[0].status()).isTrue();
            CallToolResult stopFailed = call(faulty, "evidence_video_stop", Map.of("sessionId", failedId));
            assertThat(stopFailed.isError()).isTrue();
            assertThat(result(stopFailed)).isEqualTo(last[0]);
            Conformance.assertConforms(faultyRoot.resolve("bundles").resolve(failedId));

            // A recorder that fails to start: start itself is an error, with the failed session to inspect.
            Files.writeString(gate.resolve("no-device"), "");
            CallToolResult noDevice = faulty.client().callTool(CallToolRequest.builder("evidence_video_start")
                    .arguments(Map.of("deviceId", lab.serial(), "durationSeconds", 5, "size", "324x720")).build());
            assertThat(noDevice.isError()).as("a startup failure is an error: %s", noDevice).isTrue();
            CommandResult startupFailure = result(noDevice);
            assertThat(startupFailure.status()).isEqualTo("failed");
            assertThat(startupFailure.code()).isEqualTo(ErrorCodes.EVIDENCE_CAPTURE_FAILED);
            CallToolResult failedStatus = call(faulty, "evidence_video_status",
                    Map.of("sessionId", startupFailure.sessionId()));
            assertThat(failedStatus.isError()).isTrue();
            assertThat(result(failedStatus).status()).isEqualTo("failed");
            Conformance.assertConforms(faultyRoot.resolve("bundles").resolve(startupFailure.sessionId()));
        } finally {
            Files.deleteIfExists(gate.resolve("no-device"));
            Files.deleteIfExists(gate.resolve("fail"));
            Files.writeString(gate.resolve("open"), "");
        }
    }

    // ---- helpers ----------------------------------------------------------------------------

    /**
     * evidence_video_stop: complete (isError false), or pending (isError true, COMMAND_TIMEOUT); then
     * evidence_video_status is polled, bounded, until the session is complete.
     */
    private static CommandResult stopUntilComplete(McpServerProcess on, String sessionId) {
        // Stopped once it holds frames (the fake names its progress after the bundle, the sessionId):
        // a stop before the first frame is a legitimately failed recording.
        assertThat(toolbox.awaitEncodedFrames(Path.of(sessionId), 10, SETTLE)).isTrue();
        CallToolResult stop = call(on, "evidence_video_stop", Map.of("sessionId", sessionId));
        CommandResult stopped = result(stop);
        if (!stop.isError()) {
            assertThat(stopped.ok()).isTrue();
            assertThat(stopped.status()).isEqualTo("complete");
            return stopped;
        }
        assertThat(stopped.code()).as("%s", stopped).isEqualTo(ErrorCodes.COMMAND_TIMEOUT);
        CommandResult[] last = new CommandResult[1];
        Await.until(String.format("the session completes after a pending stop: %s", last[0]), SETTLE, () -> {
            CallToolResult status = call(on, "evidence_video_status", Map.of("sessionId", sessionId));
            last[0] = result(status);
            assertThat(status.isError()).as("a pending session is still found: %s", last[0]).isFalse();
            return "complete".equals(last[0].status());
        });
        return last[0];
    }

    private static CallToolResult call(String tool, Map<String, Object> arguments) {
        return call(server, tool, arguments);
    }

    private static CallToolResult call(McpServerProcess on, String tool, Map<String, Object> arguments) {
        return on.client().callTool(CallToolRequest.builder(tool).arguments(arguments).build());
    }

    private static CommandResult result(CallToolResult call) {
        CommandResult structured = ContractJson.mapper().convertValue(call.structuredContent(), CommandResult.class);
        String text = ((TextContent) call.content().get(0)).text();
        assertThat(ContractJson.read(text.getBytes(StandardCharsets.UTF_8), CommandResult.class)).isEqualTo(structured);
        return structured;
    }

    private static SessionFile session(Path bundle) {
        return VideoToolbox.readJson(bundle.resolve("session.json"), SessionFile.class);
    }

    private static Manifest manifest(Path bundle) {
        try {
            return ContractJson.read(Files.readAllBytes(bundle.resolve("manifest.json")), Manifest.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> bundles(Path evidenceRoot) throws IOException {
        Path bundles = evidenceRoot.resolve("bundles");
        if (!Files.isDirectory(bundles)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(bundles)) {
            return files.sorted().toList();
        }
    }

    /** Every file of the bundle with its size, sha256 and modification time. */
    private static Map<String, String> snapshot(Path bundle) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(bundle)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(file);
                files.put(bundle.relativize(file).toString(), bytes.length + ":"
                        + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + ":"
                        + Files.getLastModifiedTime(file).toMillis());
            }
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return files;
    }

    /** The adb server under test, the video toolbox on PATH, and {@code overrides} on top. */
    private static Map<String, String> environment(Map<String, String> overrides) {
        Map<String, String> environment = new HashMap<>(toolbox.environment(lab.environment()));
        environment.put("TMPDIR", scratch.toString());
        environment.putAll(overrides);
        return environment;
    }
}
