package com.androperator.evidence.api.video;

import com.androperator.evidence.domain.port.contract.ProcessIdentityContract;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/** The host's process table keeps the contract its domain fake keeps, with real child processes. */
class HostProcessIdentityContractTest extends ProcessIdentityContract {

    @Override
    protected ProcessIdentity subject() {
        return new HostProcessIdentity();
    }

    @Override
    protected OtherProcess startOther() throws Exception {
        // Reads stdin until it closes: the child ends when the test says so, with no timer of its own.
        Process child = new ProcessBuilder("cat").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Instant started = child.info().startInstant().orElseThrow();
        WorkerIdentity identity = new WorkerIdentity(child.pid(), started.toString());
        return new OtherProcess() {
            @Override
            public WorkerIdentity identity() {
                return identity;
            }

            @Override
            public void end() throws Exception {
                child.getOutputStream().close();
                if (!child.waitFor(30, TimeUnit.SECONDS)) {
                    child.destroyForcibly().waitFor();
                }
            }
        };
    }
}
