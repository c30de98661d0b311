package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.contract.ProcessIdentityContract;
import com.androperator.evidence.domain.port.video.ProcessIdentity;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.util.concurrent.atomic.AtomicLong;

/** The domain's fake process table keeps the host adapter's contract. */
class FakeProcessTableContractTest extends ProcessIdentityContract {
    private final FakeProcessTable table = new FakeProcessTable();
    private final AtomicLong nextPid = new AtomicLong(2000);

    @Override
    protected ProcessIdentity subject() {
        return table;
    }

    @Override
    protected OtherProcess startOther() {
        WorkerIdentity identity = new WorkerIdentity(nextPid.getAndIncrement(), "2026-01-01T00:00:01.500Z");
        table.running(identity);
        return new OtherProcess() {
            @Override
            public WorkerIdentity identity() {
                return identity;
            }

            @Override
            public void end() {
                table.ended(identity);
            }
        };
    }
}
