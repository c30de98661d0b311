package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.port.video.DeviceLocks.Acquisition;
import com.androperator.evidence.domain.port.video.DeviceLocks.DirectoryCheck;
import com.androperator.evidence.domain.port.video.DeviceLocks.Release;
import com.androperator.evidence.domain.video.model.LockClaim;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link DeviceLocks} does, the domain's fake and the POSIX adapter alike: one lock per
 * device, created exclusively (exactly one of racing starts wins), held until the nonce it holds
 * releases it, never taken over.
 */
public abstract class DeviceLocksContract {

    /** Locks in a new, usable lock directory. */
    protected abstract DeviceLocks newLocks() throws Exception;

    @Test
    void aUsableDirectoryIsReportedAsSuch() throws Exception {
        assertThat(newLocks().checkDirectory()).isInstanceOf(DirectoryCheck.Usable.class);
    }

    @Test
    void theFirstClaimHoldsTheDeviceAndASecondSeesItsHolder() throws Exception {
        DeviceLocks locks = newLocks();
        LockClaim first = PortSamples.claim("session-1", "emulator-5554");

        Acquisition acquired = locks.acquire("emulator-5554", first);
        assertThat(acquired).isInstanceOf(Acquisition.Acquired.class);
        Path lock = ((Acquisition.Acquired) acquired).lockPath();

        assertThat(locks.holder(lock)).contains(first);
        assertThat(locks.acquire("emulator-5554", PortSamples.claim("session-2", "emulator-5554")))
                .isEqualTo(new Acquisition.Held(lock, Optional.of(first)));
        assertThat(locks.holder(lock)).contains(first);
    }

    @Test
    void devicesAreLockedIndependently() throws Exception {
        DeviceLocks locks = newLocks();

        Acquisition one = locks.acquire("emulator-5554", PortSamples.claim("session-1", "emulator-5554"));
        Acquisition two = locks.acquire("127.0.0.1:5555", PortSamples.claim("session-2", "127.0.0.1:5555"));

        assertThat(one).isInstanceOf(Acquisition.Acquired.class);
        assertThat(two).isInstanceOf(Acquisition.Acquired.class);
        assertThat(((Acquisition.Acquired) one).lockPath()).isNotEqualTo(((Acquisition.Acquired) two).lockPath());
    }

    @Test
    void onlyTheNonceThatHoldsTheLockReleasesIt() throws Exception {
        DeviceLocks locks = newLocks();
        LockClaim claim = PortSamples.claim("session-1", "emulator-5554");
        Path lock = ((Acquisition.Acquired) locks.acquire("emulator-5554", claim)).lockPath();

        assertThat(locks.release(lock, "another-nonce")).isInstanceOf(Release.NotHeld.class);
        assertThat(locks.holder(lock)).contains(claim);
        assertThat(locks.release(lock, claim.nonce())).isEqualTo(new Release.Released());
        assertThat(locks.holder(lock)).isEmpty();
        assertThat(locks.release(lock, claim.nonce())).isInstanceOf(Release.NotHeld.class);
        assertThat(locks.acquire("emulator-5554", PortSamples.claim("session-2", "emulator-5554")))
                .isEqualTo(new Acquisition.Acquired(lock));
    }

    @Test
    void ofRacingStartsExactlyOneAcquiresTheDevice() throws Exception {
        DeviceLocks locks = newLocks();
        List<Acquisition> acquisitions = Racers.race(8,
                racer -> () -> locks.acquire("emulator-5554", PortSamples.claim("session-" + racer, "emulator-5554")));

        assertThat(acquisitions).filteredOn(Acquisition.Acquired.class::isInstance).hasSize(1);
        assertThat(acquisitions).filteredOn(Acquisition.Held.class::isInstance).hasSize(7);
    }
}
