package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.domain.port.contract.DeviceLocksContract;
import com.androperator.evidence.domain.port.video.DeviceLocks;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The POSIX adapter, in a lock directory of its own, against the contract that the domain's fake also passes. */
class PosixDeviceLocksContractTest extends DeviceLocksContract {
    @TempDir
    Path temp;

    @Override
    protected DeviceLocks newLocks() {
        return new PosixDeviceLocks(temp.resolve("locks"), PosixDeviceLocks.currentUid());
    }
}
