package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.Heartbeats;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.Saved;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What every {@link Heartbeats} does: control/heartbeat.json, the last one written, per bundle. */
public interface HeartbeatsContract {

    Heartbeats newStore();

    /** A new, empty bundle directory ({@code name} tells two apart). */
    Path newBundle(String name) throws Exception;

    @Test
    default void theHeartbeatIsTheLastOneWrittenUnderControl() throws Exception {
        Heartbeats store = newStore();
        Path bundle = newBundle("one");
        assertThat(store.readHeartbeat(bundle)).isEmpty();

        store.writeHeartbeat(bundle, PortSamples.heartbeat(PortSamples.NOW));
        Saved saved = store.writeHeartbeat(bundle, PortSamples.heartbeat(PortSamples.LATER));

        assertThat(saved).isEqualTo(new Saved.Written(bundle.resolve("control").resolve("heartbeat.json")));
        assertThat(store.readHeartbeat(bundle)).contains(PortSamples.heartbeat(PortSamples.LATER));
    }

    /** Two heartbeats are equal by value; a store must not lose the finalization progress either. */
    @Test
    default void aHeartbeatRoundTripsWithItsValues() throws Exception {
        Heartbeats store = newStore();
        Path bundle = newBundle("one");
        Heartbeat heartbeat = new Heartbeat("nonce-x", 77, "2026-01-01T00:00:00.5Z", PortSamples.LATER);

        store.writeHeartbeat(bundle, heartbeat);

        assertThat(store.readHeartbeat(bundle)).contains(heartbeat);
    }

    @Test
    default void heartbeatsOfBundlesAreIndependent() throws Exception {
        Heartbeats store = newStore();
        Path one = newBundle("one");
        Path two = newBundle("two");

        store.writeHeartbeat(one, PortSamples.heartbeat(PortSamples.NOW));

        assertThat(store.readHeartbeat(two)).isEmpty();
    }
}
