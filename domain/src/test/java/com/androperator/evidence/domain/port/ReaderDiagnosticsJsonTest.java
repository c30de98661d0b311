package com.androperator.evidence.domain.port;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.port.OperatorGateway.LoggedHierarchyScan;
import com.androperator.evidence.domain.port.OperatorGateway.ReaderDiagnostics;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The hierarchy record's details.reader keeps the keys, order and nulls it had as a map. */
class ReaderDiagnosticsJsonTest {

    @Test
    void theContractMapperWritesTheComponentsInTheirOrderNullsIncluded() {
        ReaderDiagnostics reader = new ReaderDiagnostics(3, 40, 5120, false,
                new LoggedHierarchyScan(false, null, 0, 0, null, true, false));

        assertThat(new String(ContractJson.toBytes(reader), StandardCharsets.UTF_8)).isEqualTo(
                "{\"chunks\":3,\"lines\":40,\"bytes\":5120,\"spooledToDisk\":false,\"loggedHierarchy\":{"
                        + "\"markerFound\":false,\"tag\":null,\"records\":0,\"bytes\":0,\"stoppedBy\":null,"
                        + "\"untaggedMarkerSeen\":true,\"spooledToDisk\":false}}");
    }
}
