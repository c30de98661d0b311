package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import com.androperator.evidence.domain.model.Observation;
import com.androperator.evidence.domain.port.DeviceMetadataSource.Readings;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A device that went away between its features answer and the metadata reads' one command,
 * scripted at the adb server protocol (the simulator cannot be between the two): the adb server
 * refuses the transport, nothing runs, and each of the five reads says so and is not dispatched.
 */
@Timeout(20)
class AdbDeviceMetadataRefusedTest {
    private static final String SERIAL = "127.0.0.1:5555";
    private static final String OPERATOR = "com.androperator.operator.dev";

    @Test
    void readsSentTogetherWhoseTransportIsRefusedWereNotRunAndNotDispatched() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            if (c.request().endsWith(":features")) {
                c.okayPayload("cmd,shell_v2,stat_v2");
            } else {
                c.fail("device offline");
            }
        })) {
            Readings readings = new AdbDeviceMetadata(new AdbServerClient(server.environment()))
                    .readTogether(SERIAL, OPERATOR, Deadline.after(MonotonicClock.SYSTEM, 10_000)).orElseThrow();

            List<Observation<?>> all = List.of(readings.properties(), readings.size(), readings.density(),
                    readings.rotation(), readings.operatorVersion().orElseThrow());
            assertThat(all).allSatisfy(observation -> {
                Observation.Unavailable<?> unavailable = (Observation.Unavailable<?>) observation;
                assertThat(unavailable.failure().code()).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
                assertThat(unavailable.failure().message()).contains("was not run").contains("device offline");
                assertThat(unavailable.dispatched()).isFalse();
            });
            assertThat(server.requests()).filteredOn(request -> request.startsWith("shell")).isEmpty();
        }
    }
}
