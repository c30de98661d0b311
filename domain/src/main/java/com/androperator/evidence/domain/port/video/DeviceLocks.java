package com.androperator.evidence.domain.port.video;

import com.androperator.evidence.domain.video.model.LockClaim;
import com.androperator.evidence.domain.model.Failure;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One exclusive lock per device and OS user in a fixed host directory (POSIX:
 * /tmp/androperator-evidence-locks-&lt;uid&gt;, a real directory owned by the user with no group or
 * other permissions). Exclusive file creation arbitrates simultaneous starts; nothing is ever
 * taken over because it looks old, and no permission is ever changed.
 */
public interface DeviceLocks {

    /** The lock directory, created 0700 when absent, then proven usable; an unusable one is EVIDENCE_STORAGE_UNWRITABLE. */
    DirectoryCheck checkDirectory();

    /** Creates the serial's lock file exclusively with {@code claim} as its contents. */
    Acquisition acquire(String serial, LockClaim claim);

    /** The current holder of the lock at {@code lockPath}, if any. */
    Optional<LockClaim> holder(Path lockPath);

    /** Removes the lock at {@code lockPath} only when it still holds {@code nonce}. */
    Release release(Path lockPath, String nonce);

    sealed interface DirectoryCheck {
        record Usable(Path directory) implements DirectoryCheck {
        }

        /** EVIDENCE_STORAGE_UNWRITABLE with details path, causeCode, message and recovery. */
        record Unusable(Failure failure) implements DirectoryCheck {
        }
    }

    sealed interface Acquisition {
        record Acquired(Path lockPath) implements Acquisition {
        }

        /** Another session holds the device; {@code holder} is empty when its file could not be read. */
        record Held(Path lockPath, Optional<LockClaim> holder) implements Acquisition {
        }

        /** EVIDENCE_STORAGE_UNWRITABLE: the directory or the lock file could not be used. */
        record Unusable(Failure failure) implements Acquisition {
        }
    }

    sealed interface Release {
        record Released() implements Release {
        }

        /** The lock is held by another nonce, or is gone; nothing was removed. */
        record NotHeld(String reason) implements Release {
        }

        record ReleaseFailed(Failure failure) implements Release {
        }
    }
}
