package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.SessionStates;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SessionStates} does, the domain's fakes and the JSON file adapter alike:
 * session.json beside the manifest, read back as the last one saved, per bundle.
 */
public interface SessionStatesContract {

    SessionStates newStore();

    /** A new, empty bundle directory ({@code name} tells two apart). */
    Path newBundle(String name) throws Exception;

    @Test
    default void aSessionIsAbsentUntilSavedAndThenReadBackAsTheLastOneSaved() throws Exception {
        SessionStates store = newStore();
        Path bundle = newBundle("one");
        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Absent());

        VideoSession first = PortSamples.session(bundle, "session-1");
        assertThat(store.saveSession(bundle, first)).isEqualTo(new Saved.Written(bundle.resolve(VideoSession.FILE_NAME)));
        VideoSession second = first.settled(RecoveryState.RELEASED, null, PortSamples.LATER);
        store.saveSession(bundle, second);

        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Found(second));
    }

    @Test
    default void sessionsOfBundlesAreIndependent() throws Exception {
        SessionStates store = newStore();
        Path one = newBundle("one");
        Path two = newBundle("two");

        store.saveSession(one, PortSamples.session(one, "session-1"));

        assertThat(store.readSession(two)).isEqualTo(new SessionRead.Absent());
        assertThat(store.readSession(one)).isEqualTo(new SessionRead.Found(PortSamples.session(one, "session-1")));
    }
}
