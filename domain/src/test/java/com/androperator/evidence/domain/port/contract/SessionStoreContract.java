package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.video.SessionStore.Saved;
import com.androperator.evidence.domain.port.video.SessionStore.SessionRead;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SessionStore} does, the domain's fake and the JSON file adapter alike:
 * session.json beside the manifest, control/ with the heartbeat, the stop requests, the worker's
 * log and the space reserve; what is read back is what was written, per bundle.
 */
public abstract class SessionStoreContract {

    protected abstract SessionStore newStore();

    /** A new, empty bundle directory ({@code name} tells two apart). */
    protected abstract Path newBundle(String name) throws Exception;

    @Test
    void aSessionIsAbsentUntilSavedAndThenReadBackAsTheLastOneSaved() throws Exception {
        SessionStore store = newStore();
        Path bundle = newBundle("one");
        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Absent());

        VideoSession first = PortSamples.session(bundle, "session-1");
        assertThat(store.saveSession(bundle, first)).isEqualTo(new Saved.Written(bundle.resolve(VideoSession.FILE_NAME)));
        VideoSession second = first.withRecovery(new VideoSession.Recovery("released", null, PortSamples.LATER));
        store.saveSession(bundle, second);

        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Found(second));
    }

    @Test
    void theHeartbeatIsTheLastOneWrittenUnderControl() throws Exception {
        SessionStore store = newStore();
        Path bundle = newBundle("one");
        assertThat(store.readHeartbeat(bundle)).isEmpty();

        store.writeHeartbeat(bundle, PortSamples.heartbeat(PortSamples.NOW));
        Saved saved = store.writeHeartbeat(bundle, PortSamples.heartbeat(PortSamples.LATER));

        assertThat(saved).isEqualTo(new Saved.Written(bundle.resolve("control").resolve("heartbeat.json")));
        assertThat(store.readHeartbeat(bundle)).contains(PortSamples.heartbeat(PortSamples.LATER));
    }

    @Test
    void everyStopRequestIsKeptUnderItsOwnNameAndAnUnsafeIdIsABug() throws Exception {
        SessionStore store = newStore();
        Path bundle = newBundle("one");
        assertThat(store.stopRequests(bundle)).isEmpty();

        Saved saved = store.writeStopRequest(bundle, PortSamples.stopRequest("request-1"));
        store.writeStopRequest(bundle, PortSamples.stopRequest("request-2"));

        assertThat(saved).isEqualTo(new Saved.Written(bundle.resolve("control").resolve("stop-request-1.json")));
        assertThat(store.stopRequests(bundle)).extracting(StopRequest::requestId)
                .containsExactlyInAnyOrder("request-1", "request-2");
        assertThatThrownBy(() -> store.writeStopRequest(bundle, PortSamples.stopRequest("../escape")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(store.stopRequests(bundle)).hasSize(2);
    }

    @Test
    void theWorkerLogAndTheSpaceReserveLiveUnderControlAndTheReserveIsGivenBack() throws Exception {
        SessionStore store = newStore();
        Path bundle = newBundle("one");

        assertThat(store.workerLog(bundle)).isEqualTo(bundle.resolve("control").resolve("worker.log"));
        assertThat(store.releaseSpace(bundle)).as("nothing reserved yet").isTrue();
        assertThat(store.reserveSpace(bundle, 4096)).isEqualTo(new Saved.Written(bundle.resolve("control").resolve("space-reserve")));
        assertThat(store.releaseSpace(bundle)).isTrue();
        assertThat(store.releaseSpace(bundle)).isTrue();
    }

    @Test
    void bundlesAreIndependent() throws Exception {
        SessionStore store = newStore();
        Path one = newBundle("one");
        Path two = newBundle("two");

        store.saveSession(one, PortSamples.session(one, "session-1"));
        store.writeHeartbeat(one, PortSamples.heartbeat(PortSamples.NOW));
        store.writeStopRequest(one, PortSamples.stopRequest("request-1"));

        assertThat(store.readSession(two)).isEqualTo(new SessionRead.Absent());
        assertThat(store.readHeartbeat(two)).isEmpty();
        assertThat(store.stopRequests(two)).isEmpty();
        assertThat(store.readSession(one)).isEqualTo(new SessionRead.Found(PortSamples.session(one, "session-1")));
    }

    /** Two heartbeats are equal by value; a store must not lose the finalization progress either. */
    @Test
    void aHeartbeatRoundTripsWithItsValues() throws Exception {
        SessionStore store = newStore();
        Path bundle = newBundle("one");
        Heartbeat heartbeat = new Heartbeat("nonce-x", 77, "2026-01-01T00:00:00.5Z", PortSamples.LATER);

        store.writeHeartbeat(bundle, heartbeat);

        assertThat(store.readHeartbeat(bundle)).contains(heartbeat);
    }
}
