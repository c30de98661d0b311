package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.SpaceReserve;
import com.androperator.evidence.domain.video.model.Saved;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What every {@link SpaceReserve} does: control/space-reserve, given back as often as asked. */
public interface SpaceReserveContract {

    SpaceReserve newStore();

    /** A new, empty bundle directory ({@code name} tells two apart). */
    Path newBundle(String name) throws Exception;

    @Test
    default void theSpaceReserveLivesUnderControlAndIsGivenBack() throws Exception {
        SpaceReserve store = newStore();
        Path bundle = newBundle("one");

        assertThat(store.releaseSpace(bundle)).as("nothing reserved yet").isTrue();
        assertThat(store.reserveSpace(bundle, 4096)).isEqualTo(new Saved.Written(bundle.resolve("control").resolve("space-reserve")));
        assertThat(store.releaseSpace(bundle)).isTrue();
        assertThat(store.releaseSpace(bundle)).isTrue();
    }
}
