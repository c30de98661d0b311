package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.WorkerLogs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What every {@link WorkerLogs} does: the worker's log is control/worker.log of its bundle. */
public interface WorkerLogsContract {

    WorkerLogs newStore();

    /** A new, empty bundle directory ({@code name} tells two apart). */
    Path newBundle(String name) throws Exception;

    @Test
    default void theWorkerLogLivesUnderControl() throws Exception {
        WorkerLogs store = newStore();
        Path bundle = newBundle("one");

        assertThat(store.workerLog(bundle)).isEqualTo(bundle.resolve("control").resolve("worker.log"));
        assertThat(store.workerLog(bundle)).as("asking again names the same log").isEqualTo(store.workerLog(bundle));
    }
}
