package com.androperator.evidence.simulator.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.simulator.fixtures.HierarchyFixtures;
import com.androperator.evidence.simulator.profile.OperatorBehavior;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.Readiness;
import com.androperator.evidence.simulator.profile.ResultEncoding;
import com.androperator.evidence.simulator.profile.SampleProfiles;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.testing.OperatorResults;
import com.androperator.evidence.simulator.testing.RecordingOutput;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class OperatorAgentTest {

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopScheduler() {
        scheduler.shutdownNow();
    }

    @Test
    void snapshotSucceedsWithTheHierarchyAsText() throws Exception {
        SimulatorProfile pixel = SimulatorProfile.builder()
                .operator(op -> op.withOverlayVisible(true)).build();

        Answer answer = broadcast(pixel, command("e1-hierarchy", "snapshot_ui"));

        JsonNode envelope = answer.envelope("e1-hierarchy").orElseThrow();
        assertThat(envelope.propertyNames()).containsExactly("commandId", "taskId", "status",
                "stepResults", "error", "errorCode");
        assertThat(envelope.get("taskId").stringValue()).isEqualTo("e1");
        assertThat(envelope.get("status").stringValue()).isEqualTo("success");
        assertThat(envelope.get("error").isNull()).isTrue();
        JsonNode step = envelope.get("stepResults").get(0);
        assertThat(step.get("id").stringValue()).isEqualTo("snap");
        assertThat(step.get("actionType").stringValue()).isEqualTo("snapshot_ui");
        assertThat(step.get("success").booleanValue()).isTrue();
        assertThat(step.get("data").get("text").stringValue()).isEqualTo(
                new String(pixel.operator().hierarchy().read(), StandardCharsets.UTF_8));
        assertThat(step.get("data").get("operator_overlay_visible").stringValue()).isEqualTo("true");
        assertThat(answer.results.chunkCount()).isGreaterThan(150);
    }

    @Test
    void smallResultIsOneLineInTimeFormat() throws Exception {
        Answer answer = broadcast(SampleProfiles.pixel(), command("e2-doctor", "doctor_ping"));

        assertThat(answer.lines).anySatisfy(line -> assertThat(line).matches(
                "\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} I/AndroperatorOperator\\( 1234\\): "
                        + "\\[Androperator-Result] \\{\"commandId\":\"e2-doctor\",.*"));
        JsonNode data = answer.envelope("e2-doctor").orElseThrow()
                .get("stepResults").get(0).get("data");
        assertThat(data.get("screen_on").stringValue()).isEqualTo("true");
        assertThat(data.get("device_locked").stringValue()).isEqualTo("false");
        assertThat(data.get("user_unlocked").stringValue()).isEqualTo("true");
    }

    @Test
    void readinessReportsASleepingDeviceWhileSnapshotsFail() throws Exception {
        SimulatorProfile asleep = SimulatorProfile.builder()
                .operator(op -> op.withReadiness(Readiness.asleep())
                        .withBehavior(OperatorBehavior.FAILED)).build();

        JsonNode ping = broadcast(asleep, command("p", "doctor_ping")).envelope("p").orElseThrow();
        JsonNode snap = broadcast(asleep, command("s", "snapshot_ui")).envelope("s").orElseThrow();

        assertThat(ping.get("status").stringValue()).isEqualTo("success");
        assertThat(ping.get("stepResults").get(0).get("data").get("screen_on").stringValue())
                .isEqualTo("false");
        assertThat(snap.get("status").stringValue()).isEqualTo("failed");
        assertThat(snap.get("errorCode").stringValue()).isEqualTo("UI_TREE_UNAVAILABLE");
        assertThat(snap.get("error").stringValue())
                .isEqualTo("Accessibility service returned no active window root");
        assertThat(snap.get("stepResults").get(0).get("success").booleanValue()).isFalse();
    }

    @Test
    void silentOperatorReceivesButNeverAnswers() throws Exception {
        SimulatorProfile silent = SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.SILENT)).build();

        Answer answer = broadcast(silent, command("quiet", "snapshot_ui"));

        assertThat(answer.lines).anyMatch(line -> line.contains("Received command quiet"));
        assertThat(answer.lines).noneMatch(line -> line.contains("[Androperator-Result"));
    }

    @Test
    void corruptChunkFailsTheHashCheck() throws Exception {
        SimulatorProfile corrupt = SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.CORRUPT_CHUNK)
                        .withHierarchy(ProfileFile.inMemory("h.xml", "<hierarchy/>".getBytes())))
                .build();

        Answer answer = broadcast(corrupt, command("bad", "snapshot_ui"));

        assertThatThrownBy(() -> answer.envelope("bad"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("sha256 mismatch");
    }

    @Test
    void successWithoutTextAnswersSuccessWithNoHierarchy() throws Exception {
        SimulatorProfile noText = SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.SUCCESS_WITHOUT_TEXT)).build();

        JsonNode envelope = broadcast(noText, command("e3-hierarchy", "snapshot_ui"))
                .envelope("e3-hierarchy").orElseThrow();
        JsonNode ping = broadcast(noText, command("e3-ping", "doctor_ping")).envelope("e3-ping").orElseThrow();

        assertThat(envelope.get("status").stringValue()).isEqualTo("success");
        JsonNode step = envelope.get("stepResults").get(0);
        assertThat(step.get("success").booleanValue()).isTrue();
        assertThat(step.get("data").has("text")).isFalse();
        assertThat(step.get("data").get("operator_overlay_visible").stringValue()).isEqualTo("false");
        assertThat(ping.get("stepResults").get(0).get("data").get("screen_on").stringValue()).isEqualTo("true");
    }

    @Test
    void malformedEnvelopeIsCutJsonInChunksWhoseHashesMatch() throws Exception {
        SimulatorProfile malformed = SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.MALFORMED_ENVELOPE)).build();

        Answer answer = broadcast(malformed, command("e4-hierarchy", "snapshot_ui"));

        // The chunks reassemble (length and sha256 agree), but what they carry is not one JSON value.
        assertThatThrownBy(() -> answer.envelope("e4-hierarchy"))
                .isInstanceOf(tools.jackson.core.JacksonException.class);
        assertThat(answer.lines).anyMatch(line -> line.contains("[Androperator-Result-Chunk] "));
    }

    @Test
    void shortMalformedEnvelopeIsOneResultLineThatIsNotJson() throws Exception {
        SimulatorProfile malformed = SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.MALFORMED_ENVELOPE)
                        .withHierarchy(ProfileFile.inMemory("h.xml", "<hierarchy/>".getBytes(StandardCharsets.UTF_8))))
                .build();

        Answer answer = broadcast(malformed, command("e5-hierarchy", "snapshot_ui"));

        String line = answer.lines.stream().filter(l -> l.contains("[Androperator-Result] ")).findFirst().orElseThrow();
        assertThat(line).contains("{\"commandId\":\"e5-hierarchy\"").doesNotEndWith("}");
    }

    @Test
    void transportExitEndsReadersAfterHalfTheChunks() throws Exception {
        SimulatorProfile exiting = SimulatorProfile.builder()
                .operator(op -> op.withBehavior(OperatorBehavior.TRANSPORT_EXIT)
                        .withHierarchy(ProfileFile.inMemory("h.xml",
                                HierarchyFixtures.settings(10_000, 1080, 2400).getBytes(
                                        StandardCharsets.UTF_8))))
                .build();
        SimulatedDevice device = new SimulatedDevice(exiting, scheduler, Clock.systemUTC());
        LogBuffer.Reader reader = device.log().follow(0);

        device.run(broadcastCommand(command("gone", "snapshot_ui")), new RecordingOutput());
        List<String> lines = new ArrayList<>();
        for (List<LogLine> batch = reader.awaitLines(); !batch.isEmpty(); batch = reader.awaitLines()) {
            batch.forEach(line -> lines.add(line.text()));
        }

        assertThat(reader.endedByDevice()).isTrue();
        assertThat(device.log().readerCount()).isZero();
        long chunks = lines.stream().filter(l -> l.contains("[Androperator-Result-Chunk] ")).count();
        assertThat(chunks).isPositive();
        OperatorResults results = new OperatorResults("gone");
        lines.forEach(results::accept);
        assertThat(results.accept("")).isEmpty();
    }

    @Test
    void onlyTheInstalledOperatorWithTheCommandActionReceives() throws Exception {
        SimulatorProfile uninstalled = SimulatorProfile.builder()
                .uninstallPackage("com.androperator.operator.dev").build();

        Answer missing = broadcast(uninstalled, command("m", "snapshot_ui"));
        Answer otherAction = answer(SampleProfiles.pixel(), "am broadcast -a other.ACTION -p"
                + " com.androperator.operator.dev --es payload '" + command("o", "doctor_ping") + "'");
        Answer malformed = answer(SampleProfiles.pixel(), "am broadcast -a"
                + " app.androperator.operator.ACTION_AGENT_COMMAND -p com.androperator.operator.dev"
                + " --es payload 'not json'");

        assertThat(missing.lines).noneMatch(line -> line.contains("Received command"));
        assertThat(otherAction.lines).noneMatch(line -> line.contains("Received command"));
        assertThat(malformed.lines).anyMatch(line -> line.contains(
                "E/AndroperatorOperator( 1234): Rejected command"));
    }

    @Test
    void unknownActionFailsItsStep() throws Exception {
        JsonNode envelope = broadcast(SampleProfiles.pixel(), command("u", "press_home"))
                .envelope("u").orElseThrow();

        assertThat(envelope.get("status").stringValue()).isEqualTo("failed");
        assertThat(envelope.get("errorCode").stringValue()).isEqualTo("UNSUPPORTED_ACTION");
    }

    @Test
    void delayedResultArrivesAfterTheDelay() throws Exception {
        SimulatorProfile slow = SimulatorProfile.builder()
                .operator(op -> op.withDelayMs(300)).build();
        SimulatedDevice device = new SimulatedDevice(slow, scheduler, Clock.systemUTC());
        LogBuffer.Reader reader = device.log().follow(0);
        long start = System.nanoTime();

        device.run(broadcastCommand(command("later", "doctor_ping")), new RecordingOutput());
        OperatorResults results = new OperatorResults("later");
        Optional<JsonNode> envelope = Optional.empty();
        while (envelope.isEmpty()) {
            for (LogLine line : reader.awaitLines()) {
                envelope = results.accept(line.text());
            }
        }

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(300);
    }

    static String command(String commandId, String actionType) {
        return "{\"commandId\":\"" + commandId + "\",\"taskId\":\"e1\",\"source\":\"test\","
                + "\"expectedFormat\":\"android-ui-automator\",\"timeoutMs\":5000,"
                + "\"actions\":[{\"id\":\"" + (actionType.equals("doctor_ping") ? "h1" : "snap")
                + "\",\"type\":\"" + actionType + "\"}]}";
    }

    static String broadcastCommand(String payload) {
        return "am broadcast -a app.androperator.operator.ACTION_AGENT_COMMAND"
                + " -p com.androperator.operator.dev --es payload '" + payload.replace("'", "'\"'\"'")
                + "' --receiver-foreground";
    }

    private Answer broadcast(SimulatorProfile profile, String payload) throws Exception {
        return answer(profile, broadcastCommand(payload));
    }

    /** Runs the command line, lets every scheduled answer finish, and collects the log. */
    private Answer answer(SimulatorProfile profile, String commandLine) throws Exception {
        ScheduledExecutorService own = Executors.newSingleThreadScheduledExecutor();
        SimulatedDevice device = new SimulatedDevice(profile, own, Clock.systemUTC());
        RecordingOutput out = new RecordingOutput();
        device.run(commandLine, out);
        own.shutdown();
        assertThat(own.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        List<String> lines = device.log().dump().stream().map(LogLine::text).toList();
        return new Answer(lines);
    }

    private static final class Answer {
        final List<String> lines;
        OperatorResults results;

        Answer(List<String> lines) {
            this.lines = lines;
        }

        Optional<JsonNode> envelope(String commandId) {
            results = new OperatorResults(commandId);
            Optional<JsonNode> envelope = Optional.empty();
            for (String line : lines) {
                envelope = results.accept(line);
            }
            return envelope;
        }
    }

    /** The log lines as the host reads them: bytes, exactly. */
    private static List<byte[]> logBytes(SimulatorProfile profile, String payload) throws Exception {
        ScheduledExecutorService own = Executors.newSingleThreadScheduledExecutor();
        SimulatedDevice device = new SimulatedDevice(profile, own, Clock.systemUTC());
        device.run(broadcastCommand(payload), new RecordingOutput());
        own.shutdown();
        assertThat(own.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        return device.log().dump().stream().map(LogLine::bytes).toList();
    }

    private static SimulatorProfile verbatim(byte[] hierarchy, java.util.function.UnaryOperator<ResultEncoding> more) {
        return SimulatorProfile.builder().operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", hierarchy))
                .withEncoding(e -> more.apply(e.withHierarchyBytes(ResultEncoding.HierarchyBytes.VERBATIM)))).build();
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (java.util.Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aVerbatimHierarchyPutsItsBytesIntoTheResultLineUnchanged() throws Exception {
        byte[] bad = {'<', 'h', (byte) 0xFF, (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '\\', '\n', '/', '>'};

        List<byte[]> lines = logBytes(verbatim(bad, e -> e), command("v1-hierarchy", "snapshot_ui"));

        byte[] escaped = {'<', 'h', (byte) 0xFF, (byte) 0xED, (byte) 0xA0, (byte) 0x80, '\\', '"', '\\', '\\',
            '\\', 'n', '/', '>'};
        assertThat(lines).anySatisfy(line -> assertThat(contains(line, escaped)).isTrue());
    }

    @Test
    void aUtf8HierarchyIsReadAsAJavaOperatorWouldReplacingBadBytes() throws Exception {
        byte[] bad = {'<', 'h', (byte) 0xFF, '/', '>'};
        SimulatorProfile profile = SimulatorProfile.builder()
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", bad))).build();

        Answer answer = broadcast(profile, command("u1-hierarchy", "snapshot_ui"));

        assertThat(answer.envelope("u1-hierarchy").orElseThrow().get("stepResults").get(0).get("data").get("text")
                .stringValue()).isEqualTo("<h\uFFFD/>");
    }

    @Test
    void chunkingCanBeForcedOrRefusedAndHeadersCanClaimAnyLength() throws Exception {
        byte[] xml = ("<hierarchy>" + "x".repeat(5000) + "</hierarchy>").getBytes(StandardCharsets.UTF_8);
        byte[] chunkMarker = ResultLines.CHUNK_MARKER.getBytes(StandardCharsets.UTF_8);
        byte[] resultMarker = ResultLines.RESULT_MARKER.getBytes(StandardCharsets.UTF_8);

        List<byte[]> never = logBytes(verbatim(xml, e -> e.withChunking(ResultEncoding.Chunking.NEVER)),
                command("n1-hierarchy", "snapshot_ui"));
        assertThat(never).noneMatch(line -> contains(line, chunkMarker));
        assertThat(never).filteredOn(line -> contains(line, resultMarker)).singleElement()
                .satisfies(line -> assertThat(line.length).isGreaterThan(5000));

        List<byte[]> claimed = logBytes(verbatim(xml, e -> e.withClaimedByteLength(268_435_457L)),
                command("c1-hierarchy", "snapshot_ui"));
        assertThat(claimed).filteredOn(line -> contains(line, chunkMarker)).hasSizeGreaterThan(4)
                .allSatisfy(line -> assertThat(contains(line, "\"byteLength\":268435457".getBytes(StandardCharsets.UTF_8)))
                        .isTrue());

        byte[] small = "<hierarchy/>".getBytes(StandardCharsets.UTF_8);
        List<byte[]> always = logBytes(verbatim(small, e -> e.withChunking(ResultEncoding.Chunking.ALWAYS)),
                command("a1-hierarchy", "snapshot_ui"));
        assertThat(always).anySatisfy(line -> assertThat(contains(line, chunkMarker)).isTrue());
        assertThat(always).noneMatch(line -> contains(line, resultMarker));
    }
}
