package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.domain.port.video.StopRequests;
import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.domain.video.model.StopRequest;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What every {@link StopRequests} does: one control/stop-&lt;id&gt;.json per request, per bundle. */
public interface StopRequestsContract {

    StopRequests newStore();

    /** A new, empty bundle directory ({@code name} tells two apart). */
    Path newBundle(String name) throws Exception;

    @Test
    default void everyStopRequestIsKeptUnderItsOwnNameAndAnUnsafeIdIsABug() throws Exception {
        StopRequests store = newStore();
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
    default void stopRequestsOfBundlesAreIndependent() throws Exception {
        StopRequests store = newStore();
        Path one = newBundle("one");
        Path two = newBundle("two");

        store.writeStopRequest(one, PortSamples.stopRequest("request-1"));

        assertThat(store.stopRequests(two)).isEmpty();
    }
}
