package com.androperator.evidence.domain.port;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchyScan;
import com.androperator.evidence.domain.port.OperatorGateway.ReaderDiagnostics;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The hierarchy record's details.reader keeps the keys, order and nulls it had as a map. */
class ReaderDiagnosticsJsonTest {

    private static final String WRITTEN = "{\"chunks\":3,\"lines\":40,\"bytes\":5120,\"spooledToDisk\":false,"
            + "\"loggedHierarchy\":{\"markerFound\":false,\"tag\":null,\"records\":0,\"bytes\":0,\"stoppedBy\":null,"
            + "\"untaggedMarkerSeen\":true,\"spooledToDisk\":false}}";
    private static final ReaderDiagnostics READER = new ReaderDiagnostics(3, 40, 5120, false,
            new LoggedHierarchyScan(false, null, 0, 0, null, true, false));

    @Test
    void theContractMapperWritesTheComponentsInTheirOrderNullsIncluded() {
        assertThat(new String(ContractJson.toBytes(READER), StandardCharsets.UTF_8)).isEqualTo(WRITTEN);
    }

    @Test
    void theDetailsWrittenIntoCapturesJsonAreTheSameBytes() {
        assertThat(new String(ContractJson.toBytes(READER.details()), StandardCharsets.UTF_8)).isEqualTo(WRITTEN);
    }

    @Test
    void aFoundHierarchyKeepsItsTagStopAndCountsWithTheirNumberTypes() {
        ReaderDiagnostics found = new ReaderDiagnostics(2, 7L, 900L, true,
                new LoggedHierarchyScan(true, "TaskScope", 4, 812, "end_marker", false, true));

        assertThat(new String(ContractJson.toBytes(found.details()), StandardCharsets.UTF_8))
                .isEqualTo(new String(ContractJson.toBytes(found), StandardCharsets.UTF_8));
        assertThat(found.details().asMap()).containsEntry("chunks", 2).containsEntry("lines", 7L);
    }
}
