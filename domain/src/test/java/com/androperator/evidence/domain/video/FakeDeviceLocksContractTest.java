package com.androperator.evidence.domain.video;

import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.contract.DeviceLocksContract;

/** The domain's in-memory locks arbitrate, hold and release as the POSIX adapter does. */
class FakeDeviceLocksContractTest extends DeviceLocksContract {

    @Override
    protected DeviceLocks newLocks() {
        return new FakeDeviceLocks();
    }
}
