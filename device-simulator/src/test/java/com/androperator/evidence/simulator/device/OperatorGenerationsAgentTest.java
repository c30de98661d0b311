package com.androperator.evidence.simulator.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.simulator.fixtures.LogcatEdge;
import com.androperator.evidence.simulator.profile.LogcatHierarchy;
import com.androperator.evidence.simulator.profile.OperatorGeneration;
import com.androperator.evidence.simulator.profile.ProfileFile;
import com.androperator.evidence.simulator.profile.SimulatorProfile;
import com.androperator.evidence.simulator.testing.RecordingOutput;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The simulated Operator playing each generation of reference-compat.md §3 (operator.generation). */
class OperatorGenerationsAgentTest {
    private static final String PACKAGE = "com.clawperator.operator";
    private static final String XML = "<hierarchy rotation=\"0\">\n  <node text=\"a\"/>\n</hierarchy>\n";

    private static SimulatorProfile clawperator(OperatorGeneration generation, UnaryOperator<SimulatorProfile.Builder> more) {
        return more.apply(SimulatorProfile.builder().operatorAs(PACKAGE, "0.12.2", generation)
                .operator(op -> op.withHierarchy(ProfileFile.inMemory("h.xml", XML.getBytes(StandardCharsets.UTF_8)))))
                .build();
    }

    private static List<String> log(SimulatorProfile profile, String action, String commandId) throws Exception {
        ScheduledExecutorService own = Executors.newSingleThreadScheduledExecutor();
        SimulatedDevice device = new SimulatedDevice(profile, own, Clock.systemUTC());
        String payload = OperatorAgentTest.command(commandId, "snapshot_ui");
        device.run("am broadcast -a " + action + " -p " + PACKAGE + " --es payload '" + payload
                + "' --receiver-foreground", new RecordingOutput());
        own.shutdown();
        assertThat(own.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        return device.log().dump().stream().map(LogLine::text).toList();
    }

    private static String message(String line) {
        return line.substring(line.indexOf("): ") + 3);
    }

    @Test
    void aClawperatorAnswersOnlyItsOwnActionWithItsOwnMarkers() throws Exception {
        SimulatorProfile profile = clawperator(OperatorGeneration.CLAWPERATOR, b -> b);

        List<String> own = log(profile, OperatorGeneration.CLAWPERATOR.action(), "c1");
        List<String> androperator = log(profile, OperatorGeneration.ANDROPERATOR.action(), "a1");

        assertThat(own).anyMatch(line -> message(line).startsWith("[Clawperator-Result] {\"commandId\":\"c1\"")
                && line.contains("\"text\":\"<hierarchy"));
        assertThat(own).noneMatch(line -> line.contains("[Androperator-Result"));
        assertThat(androperator).noneMatch(line -> line.contains("Received command"));
    }

    @Test
    void aClawperatorBefore0123LogsTheMarkerAndEachLineBeforeAResultWithoutText() throws Exception {
        List<String> lines = log(clawperator(OperatorGeneration.CLAWPERATOR_LOGCAT, b -> b),
                OperatorGeneration.CLAWPERATOR_LOGCAT.action(), "c2");

        List<String> scope = lines.stream().filter(line -> line.contains(" D/" + LogcatHierarchy.TAG + "(")).toList();
        assertThat(scope.stream().map(OperatorGenerationsAgentTest::message)).containsExactly(
                "[TaskScope] UI Hierarchy [commandId=c2]:", "<hierarchy rotation=\"0\">", "  <node text=\"a\"/>",
                "</hierarchy>");
        String result = lines.stream().filter(line -> line.contains("[Clawperator-Result] ")).findFirst().orElseThrow();
        assertThat(lines.indexOf(result)).isGreaterThan(lines.indexOf(scope.get(scope.size() - 1)));
        assertThat(result).contains("\"success\":true").doesNotContain("\"text\"");
    }

    @Test
    void theOldestLogsTheUntaggedMarker() throws Exception {
        List<String> lines = log(clawperator(OperatorGeneration.CLAWPERATOR_LOGCAT,
                b -> b.operator(op -> op.withLogcat(LogcatHierarchy.UNTAGGED))),
                OperatorGeneration.CLAWPERATOR_LOGCAT.action(), "c3");

        assertThat(lines).anyMatch(line -> message(line).equals("[TaskScope] UI Hierarchy:"))
                .noneMatch(line -> line.contains("commandId=c3"));
    }

    @Test
    void aScriptIsPlayedRecordByRecordWithTheCommandId() throws Exception {
        List<String> lines = log(clawperator(OperatorGeneration.CLAWPERATOR_LOGCAT, b -> b.operator(op -> op.withLogcat(
                LogcatHierarchy.scripted(ProfileFile.inMemory("s.txt",
                        LogcatEdge.OTHER_TAGS_INTERLEAVED.script.getBytes(StandardCharsets.UTF_8)))))),
                OperatorGeneration.CLAWPERATOR_LOGCAT.action(), "c4");

        assertThat(lines).anyMatch(line -> line.contains(" D/TaskScopeDefault(")
                && message(line).equals("[TaskScope] UI Hierarchy [commandId=c4]:"));
        assertThat(lines).anyMatch(line -> line.contains(" I/ActivityManager(")
                && message(line).equals("[not part of it] Start proc 4242"));
        assertThat(lines).anyMatch(line -> line.contains(" W/chatty  ("));
    }
}
