package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.adapters.fs.IoCauses;
import com.androperator.evidence.adapters.fs.PrivateFiles;
import com.androperator.evidence.adapters.fs.StorageFailures;
import com.androperator.evidence.contracts.CauseCodes;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.port.video.DeviceLocks;
import com.androperator.evidence.domain.video.model.LockClaim;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import tools.jackson.core.JacksonException;

/**
 * The per-user device lock directory. POSIX: /tmp/androperator-evidence-locks-&lt;uid&gt;, which must
 * be a real directory (not a symlink) owned by this user with no group or other permission bits;
 * it is created 0700 when absent, and an existing one is never chmodded or replaced. A lock file
 * is named by the sha256 of the serial and appears atomically with its complete contents (a hard
 * link of a finished temporary file), so exactly one of any number of racing starts wins and a
 * reader never sees a half-written claim.
 */
public final class PosixDeviceLocks implements DeviceLocks {
    private static final Set<PosixFilePermission> GROUP_OR_OTHER = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);
    private static final String UNUSABLE = "The device lock directory is unusable:";
    private static final String RECOVERY = "Permit access to the fixed host lock directory: it must be a real directory "
            + "owned by the current user with no group/other permissions (mode 0700). No permissions are changed "
            + "automatically; do not delete it while recordings or unresolved recovery state remain.";

    private final Path directory;
    private final long uid;

    /** @param uid the user the directory must belong to (-1 where the platform has no POSIX owners) */
    public PosixDeviceLocks(Path directory, long uid) {
        this.directory = directory.toAbsolutePath();
        this.uid = uid;
    }

    /**
     * The fixed directory for this OS user, independent of ANDROPERATOR_EVIDENCE_DIR, HOME, TMPDIR
     * and TEMP: /tmp/androperator-evidence-locks-&lt;uid&gt; on POSIX, else
     * &lt;account home&gt;/AppData/Local/Temp/androperator-evidence-locks.
     */
    public static PosixDeviceLocks forCurrentUser() {
        long uid = currentUid();
        if (uid < 0) {
            Path home = Path.of(System.getProperty("user.home"));
            return new PosixDeviceLocks(home.resolve("AppData").resolve("Local").resolve("Temp")
                    .resolve("androperator-evidence-locks"), -1);
        }
        return new PosixDeviceLocks(Path.of("/tmp", "androperator-evidence-locks-" + uid), uid);
    }

    /** The effective uid of this process: the owner of /proc/self, else -1 (no POSIX owners). */
    public static long currentUid() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }

    public Path directory() {
        return directory;
    }

    /** The lock file of a device: the serial's sha256, so any serial makes a safe, fixed-length name. */
    public Path lockFile(String serial) {
        return directory.resolve("device-" + PrivateFiles.sha256Hex(serial.getBytes(StandardCharsets.UTF_8)) + ".lock");
    }

    @Override
    public DirectoryCheck checkDirectory() {
        Optional<Failure> problem = directoryProblem(true);
        return problem.<DirectoryCheck>map(DirectoryCheck.Unusable::new).orElseGet(() -> new DirectoryCheck.Usable(directory));
    }

    @Override
    public Acquisition acquire(String serial, LockClaim claim) {
        Optional<Failure> problem = directoryProblem(true);
        if (problem.isPresent()) {
            return new Acquisition.Unusable(problem.get());
        }
        Path lock = lockFile(serial);
        Path temporary = directory.resolve("." + lock.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            PrivateFiles.writeNew(temporary, ContractJson.toPrettyBytes(claim));
            try {
                Files.createLink(lock, temporary);
            } catch (UnsupportedOperationException noHardLinks) {
                // Without hard links, exclusive creation alone arbitrates; the claim is written right after.
                PrivateFiles.writeNew(lock, ContractJson.toPrettyBytes(claim));
            }
            PrivateFiles.forceDirectoryIfSupported(directory);
            return new Acquisition.Acquired(lock);
        } catch (FileAlreadyExistsException e) {
            return new Acquisition.Held(lock, holder(lock));
        } catch (IOException e) {
            return new Acquisition.Unusable(StorageFailures.unwritable("Cannot create the device lock", lock, e, RECOVERY));
        } finally {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // A stray temporary name is not a lock and blocks nothing.
            }
        }
    }

    @Override
    public Optional<LockClaim> holder(Path lockPath) {
        try {
            return Optional.of(ContractJson.read(Files.readAllBytes(lockPath), LockClaim.class));
        } catch (IOException | JacksonException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public Release release(Path lockPath, String nonce) {
        Optional<LockClaim> holder = holder(lockPath);
        if (holder.isEmpty()) {
            return new Release.NotHeld(Files.exists(lockPath, LinkOption.NOFOLLOW_LINKS)
                    ? "the lock file cannot be read" : "the lock file does not exist");
        }
        if (!holder.get().nonce().equals(nonce)) {
            return new Release.NotHeld("the lock belongs to session " + holder.get().sessionId());
        }
        try {
            Files.delete(lockPath);
            PrivateFiles.forceDirectoryIfSupported(lockPath.getParent());
            return new Release.Released();
        } catch (NoSuchFileException e) {
            return new Release.NotHeld("the lock file does not exist");
        } catch (IOException e) {
            return new Release.ReleaseFailed(StorageFailures.unwritable("Cannot remove the device lock", lockPath, e, RECOVERY));
        }
    }

    /** Why the directory cannot hold locks; creates it 0700 first when it is absent and {@code create} is set. */
    private Optional<Failure> directoryProblem(boolean create) {
        BasicFileAttributes basic;
        try {
            basic = Files.readAttributes(directory, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            if (!create) {
                return Optional.of(unusable(CauseCodes.ENOENT, "the lock directory does not exist"));
            }
            try {
                PrivateFiles.ensureDirectory(directory);
            } catch (IOException creation) {
                return Optional.of(unusable(IoCauses.causeCode(creation), IoCauses.describe(creation)));
            }
            return directoryProblem(false);
        } catch (IOException e) {
            return Optional.of(unusable(IoCauses.causeCode(e), IoCauses.describe(e)));
        }
        if (basic.isSymbolicLink()) {
            return Optional.of(unusable(CauseCodes.ELOOP, "it is a symbolic link, not a real directory"));
        }
        if (!basic.isDirectory()) {
            return Optional.of(unusable(CauseCodes.ENOTDIR, "it is not a directory"));
        }
        if (uid < 0) {
            return Optional.empty();
        }
        try {
            PosixFileAttributes posix = Files.readAttributes(directory, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            long owner = ((Number) Files.getAttribute(directory, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
            if (owner != uid) {
                String name = posix.owner().getName();
                return Optional.of(StorageFailures.unwritable(UNUSABLE, directory, CauseCodes.EPERM, "it is owned by uid " + owner
                        + " (" + name + "), not by the current user (uid " + uid + "); only " + name
                        + " or an administrator can remove it", foreignOwnerRecovery(owner, name)));
            }
            Set<PosixFilePermission> extra = EnumSet.noneOf(PosixFilePermission.class);
            extra.addAll(posix.permissions());
            extra.retainAll(GROUP_OR_OTHER);
            if (!extra.isEmpty()) {
                return Optional.of(unusable(CauseCodes.EACCES, "its mode " + PosixFilePermissions.toString(posix.permissions())
                        + " grants group/other access; it must have none (e.g. rwx------)"));
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.of(unusable(CauseCodes.EIO, "its owner and mode cannot be read"));
        }
        return Optional.empty();
    }

    /**
     * The contract fixes the path, so the user cannot record elsewhere; and in a sticky /tmp they
     * cannot remove another user's directory either: say who can, and that nothing of theirs needs it.
     */
    private String foreignOwnerRecovery(long owner, String name) {
        return "You cannot remove or fix " + directory + ": only its owner " + name + " (uid " + owner
                + ") or an administrator (root) can. Ask one of them to remove it (for example: sudo rm -r "
                + directory + "); no recording of " + name + "'s uses it, since each user's lock directory carries"
                + " that user's own uid. The path is fixed by the contract, so video recording is refused until then.";
    }

    private Failure unusable(String causeCode, String cause) {
        return StorageFailures.unwritable(UNUSABLE, directory, causeCode, cause, RECOVERY);
    }
}
