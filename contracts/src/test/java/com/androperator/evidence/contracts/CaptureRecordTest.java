package com.androperator.evidence.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A record's accessors read the same whether the record was built in memory (the envelope still
 * its received bytes, the error nested details) or read back from captures.json (plain maps).
 */
class CaptureRecordTest {
    private static final String T0 = "2024-05-02T10:00:00Z";
    private static final String T1 = "2024-05-02T10:00:01Z";
    private static final String ENVELOPE = "{\"commandId\":\"cmd-2\",\"status\":\"success\",\"stepResults\":[]}";

    @Test
    void anOkHierarchyBuiltInMemoryAndReadBackGivesTheSameEnvelopeAndDiagnostics() {
        Details result = Details.builder().flag(DetailKey.OK, true)
                .rawJson(DetailKey.ENVELOPE, RawJson.of(ENVELOPE.getBytes(StandardCharsets.UTF_8)))
                .text(DetailKey.DEVICE_ID, "emulator-5554").build();
        CaptureRecord built = hierarchy(result, Details.of(DetailKey.HIERARCHY_SOURCE, "envelope"));

        CaptureRecord read = readBack(built);

        for (CaptureRecord record : List.of(built, read)) {
            assertThat(record.envelope()).containsEntry("commandId", "cmd-2").containsEntry("status", "success")
                    .containsEntry("stepResults", List.of());
            assertThat(record.errorCode()).isNull();
            assertThat(record.errorMessage()).isNull();
            assertThat(record.diagnostics()).isEqualTo(Map.of("hierarchySource", "envelope"));
        }
        assertThat(ContractJson.toJson(read)).isEqualTo(ContractJson.toJson(built));
    }

    @Test
    void aFailedStepBuiltInMemoryAndReadBackGivesTheSameErrorAndItsDetails() {
        Details failed = CaptureRecord.failedReceipt(new BundleError("COMMAND_TIMEOUT", "hierarchy", "no result", null),
                Details.builder().text(DetailKey.PHASE, "await_result").flag(DetailKey.DISPATCHED, true).build());
        Details result = failed.toBuilder()
                .rawJson(DetailKey.ENVELOPE, RawJson.of(ENVELOPE.getBytes(StandardCharsets.UTF_8))).build();
        CaptureRecord built = hierarchy(result, Details.of(DetailKey.HIERARCHY_SOURCE, "envelope"));

        CaptureRecord read = readBack(built);

        for (CaptureRecord record : List.of(built, read)) {
            assertThat(record.errorCode()).isEqualTo("COMMAND_TIMEOUT");
            assertThat(record.errorMessage()).isEqualTo("no result");
            assertThat(record.diagnostics()).as("a failure's own details come before the record's")
                    .containsExactly(Map.entry("phase", "await_result"), Map.entry("dispatched", true));
            assertThat(record.envelope()).containsEntry("commandId", "cmd-2");
        }
        assertThat(ContractJson.toJson(read)).isEqualTo(ContractJson.toJson(built));
    }

    @Test
    void aResultReadFromAFileKeepsItsNumbersAndNullsAsWritten() {
        String json = "{\"kind\":\"screenshot\",\"source\":\"adb_screencap\",\"commandId\":\"c\",\"taskId\":\"t\","
                + "\"result\":{\"ok\":true,\"bytes\":1234,\"total\":5000000000,\"exitStatus\":null},"
                + "\"startedAt\":\"" + T0 + "\",\"finishedAt\":\"" + T1 + "\",\"durationMs\":1000}";

        CaptureRecord read = ContractJson.read(json.getBytes(StandardCharsets.UTF_8), CaptureRecord.class);

        assertThat(read.result().asMap()).containsEntry("bytes", 1234).containsEntry("total", 5_000_000_000L)
                .containsEntry("exitStatus", null);
        assertThat(read.envelope()).isNull();
        assertThat(read.diagnostics()).isEmpty();
        assertThat(ContractJson.toJson(read)).isEqualTo(json);
    }

    @Test
    void anOkHierarchyWithoutAnEnvelopeIsRefused() {
        Details result = Details.builder().flag(DetailKey.OK, true).build();

        assertThatThrownBy(() -> hierarchy(result, null)).hasMessageContaining("carries the Operator's envelope");
    }

    private static CaptureRecord hierarchy(Details result, Details details) {
        return new CaptureRecord("hierarchy", "operator", "cmd-2", "task-2", result, T0, T1, 1000, null, null, null,
                details);
    }

    private static CaptureRecord readBack(CaptureRecord record) {
        return ContractJson.read(ContractJson.toBytes(record), CaptureRecord.class);
    }
}
