package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The extraction rules of reference-compat.md §3, one record list each, fed as logcat -v time lines. */
class LoggedHierarchyReaderTest {
    private static final String COMMAND = "ev-1-hierarchy";
    private static final String MARKER = "[TaskScope] UI Hierarchy [commandId=" + COMMAND + "]:";

    private static String record(String tag, String message) {
        return String.format("12-02 00:45:01.123 D/%-8s( 4321): %s", tag, message);
    }

    private static String scope(String message) {
        return record("TaskScopeDefault", message);
    }

    private static LoggedHierarchy read(List<String> lines) {
        LoggedHierarchyReader reader = new LoggedHierarchyReader(COMMAND);
        for (String line : lines) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            reader.accept(bytes, bytes.length, false);
        }
        return reader.result();
    }

    private static String found(List<String> lines) {
        LoggedHierarchy logged = read(lines);
        assertThat(logged).isInstanceOf(LoggedHierarchy.Found.class);
        return ((LoggedHierarchy.Found) logged).xml().readString();
    }

    @Test
    void theRecordsAfterTheMarkerAreJoinedWithNewlinesAndTrimmed() {
        assertThat(found(List.of(scope("unrelated"), scope(MARKER), scope("  <hierarchy rotation=\"0\">"),
                scope("  <node text=\"a\"/>"), scope("</hierarchy>  ")))).isEqualTo(
                "<hierarchy rotation=\"0\">\n  <node text=\"a\"/>\n</hierarchy>");
    }

    @Test
    void textAfterTheMarkersColonIsTheFirstLine() {
        assertThat(found(List.of(scope(MARKER + "  <hierarchy><node/>"), scope("</hierarchy>"))))
                .isEqualTo("<hierarchy><node/>\n</hierarchy>");
    }

    @Test
    void itStopsAtASameTagRecordStartingWithABracket() {
        assertThat(found(List.of(scope(MARKER), scope("<hierarchy><node/></hierarchy>"),
                scope("  [TaskScope] step finished"), scope("<node/>")))).isEqualTo("<hierarchy><node/></hierarchy>");
    }

    @Test
    void itStopsAtTheClosingTagWhichIsKept() {
        assertThat(found(List.of(scope(MARKER), scope("<hierarchy>"), scope("</hierarchy>"), scope("<node/>"))))
                .isEqualTo("<hierarchy>\n</hierarchy>");
    }

    @Test
    void itStopsAtTheNextMarkerOfAnyTag() {
        assertThat(found(List.of(scope(MARKER), scope("<hierarchy><node/></hierarchy>"),
                record("OtherScope", "[TaskScope] UI Hierarchy [commandId=other]:"), scope("<node/>"))))
                .isEqualTo("<hierarchy><node/></hierarchy>");
    }

    @Test
    void recordsOfOtherTagsInBetweenAreSkipped() {
        assertThat(found(List.of(scope(MARKER), scope("<hierarchy>"), record("ActivityManager", "[not ours] x"),
                record("chatty", "<node bogus/>"), "--------- beginning of main", scope("<node/>"),
                scope("</hierarchy>")))).isEqualTo("<hierarchy>\n<node/>\n</hierarchy>");
    }

    @Test
    void theEndOfTheWindowEndsCollection() {
        assertThat(found(List.of(scope(MARKER), scope("<hierarchy><node/></hierarchy>"), scope("")))).isEqualTo(
                "<hierarchy><node/></hierarchy>");
    }

    @Test
    void anotherCommandsMarkerIsNotOurs() {
        assertThat(read(List.of(scope("[TaskScope] UI Hierarchy [commandId=ev-2-hierarchy]:"), scope("<hierarchy/>"))))
                .isInstanceOf(LoggedHierarchy.Absent.class);
    }

    @Test
    void theUntaggedMarkerAloneIsTooOld() {
        assertThat(read(List.of(scope("[TaskScope] UI Hierarchy:"), scope("<hierarchy/>"))))
                .isInstanceOf(LoggedHierarchy.UntaggedMarkerOnly.class);
        // With our tagged marker as well, the tagged one is used.
        assertThat(found(List.of(scope("[TaskScope] UI Hierarchy:"), scope(MARKER), scope("<hierarchy/>"))))
                .isEqualTo("<hierarchy/>");
    }

    @Test
    void aRecordThatIsNotUtf8IsRefusedNotReplaced() {
        LoggedHierarchyReader reader = new LoggedHierarchyReader(COMMAND);
        byte[] marker = scope(MARKER).getBytes(StandardCharsets.UTF_8);
        reader.accept(marker, marker.length, false);
        byte[] prefix = scope("<hierarchy text=\"").getBytes(StandardCharsets.UTF_8);
        byte[] bad = java.util.Arrays.copyOf(prefix, prefix.length + 1);
        bad[prefix.length] = (byte) 0xC3;
        reader.accept(bad, bad.length, false);

        assertThat(reader.result()).isInstanceOfSatisfying(LoggedHierarchy.Unusable.class,
                unusable -> assertThat(unusable.reason()).contains("not UTF-8"));
    }

    @Test
    void aCutRecordIsRefused() {
        LoggedHierarchyReader reader = new LoggedHierarchyReader(COMMAND);
        byte[] marker = scope(MARKER).getBytes(StandardCharsets.UTF_8);
        reader.accept(marker, marker.length, false);
        byte[] line = scope("<hierarchy>").getBytes(StandardCharsets.UTF_8);
        reader.accept(line, line.length, true);

        assertThat(reader.result()).isInstanceOf(LoggedHierarchy.Unusable.class);
    }

    @Test
    void aHugeHierarchyIsSpooledToDiskAndKeptByteForByte() {
        LoggedHierarchyReader reader = new LoggedHierarchyReader(COMMAND);
        byte[] marker = scope(MARKER).getBytes(StandardCharsets.UTF_8);
        reader.accept(marker, marker.length, false);
        byte[] node = scope("<node text=\"" + "x".repeat(3000) + "\"/>").getBytes(StandardCharsets.UTF_8);
        int records = 3000;
        for (int i = 0; i < records; i++) {
            reader.accept(node, node.length, false);
        }

        LoggedHierarchy logged = reader.result();
        assertThat(logged).isInstanceOf(LoggedHierarchy.Found.class);
        long expected = (long) records * ("<node text=\"\"/>".length() + 3000) + records - 1;
        assertThat(((LoggedHierarchy.Found) logged).xml().utf8Length()).isEqualTo(expected);
        assertThat(reader.diagnostics().spooledToDisk()).isTrue();
        assertThat(reader.diagnostics().records()).isEqualTo(records + 1);
        reader.close();
    }

    @Test
    void aHierarchyOverTheLimitIsRefused() {
        LoggedHierarchyReader reader = new LoggedHierarchyReader(COMMAND, 100);
        for (String line : List.of(scope(MARKER), scope("<hierarchy>" + "x".repeat(100)), scope("</hierarchy>"))) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            reader.accept(bytes, bytes.length, false);
        }
        assertThat(reader.result()).isInstanceOf(LoggedHierarchy.Unusable.class);
    }
}
