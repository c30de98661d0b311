package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.domain.video.model.Saved;
import com.androperator.evidence.adapters.fs.IoCauses;
import com.androperator.evidence.adapters.fs.PrivateFiles;
import com.androperator.evidence.adapters.fs.StorageFailures;
import com.androperator.evidence.contracts.BundleFileNames;
import com.androperator.evidence.contracts.ContractJson;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;

/**
 * session.json beside the manifest, and control/ with heartbeat.json, one stop-&lt;id&gt;.json per
 * stop request, the worker's log and, while it records, the worker's space reserve. Every write is atomic; a half-written or foreign file is
 * never mistaken for a valid one.
 */
public final class JsonSessionStore implements SessionStore {
    public static final String CONTROL = BundleFileNames.CONTROL;
    public static final String HEARTBEAT = BundleFileNames.HEARTBEAT;
    public static final String WORKER_LOG = BundleFileNames.WORKER_LOG;
    /** Disk space set aside for the worker's last writes (written zeros), removed before them. */
    public static final String RESERVE = BundleFileNames.SPACE_RESERVE;
    private static final String STOP_PREFIX = BundleFileNames.STOP_REQUEST_PREFIX;
    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9-]{1,64}");

    /**
     * session.json sits beside the manifest, where every file must be listed; its temporary file is
     * staged under control/ so that the bundle root never shows one, even to a concurrent verifier.
     */
    @Override
    public Saved saveSession(Path bundleDir, VideoSession session) {
        Path file = bundleDir.resolve(VideoSession.FILE_NAME);
        try {
            PrivateFiles.ensureDirectory(control(bundleDir));
            PrivateFiles.replace(file, ContractJson.toPrettyBytes(SessionFile.of(session)), control(bundleDir));
            return new Saved.Written(file);
        } catch (IOException e) {
            return unwritable("session state", file, e);
        }
    }

    @Override
    public SessionRead readSession(Path bundleDir) {
        Path file = bundleDir.resolve(VideoSession.FILE_NAME);
        try {
            return new SessionRead.Found(ContractJson.read(Files.readAllBytes(file), SessionFile.class).toSession());
        } catch (NoSuchFileException e) {
            return new SessionRead.Absent();
        } catch (IOException e) {
            return new SessionRead.Unreadable(StorageFailures.failed("read", file, e));
        } catch (JacksonException | IllegalArgumentException e) {
            return new SessionRead.Unreadable(Failure.of(ErrorCodes.STORAGE_FAILED,
                    file + " is not valid video session state: " + e.getMessage()));
        }
    }

    @Override
    public Saved writeHeartbeat(Path bundleDir, Heartbeat heartbeat) {
        return write(control(bundleDir).resolve(HEARTBEAT), ContractJson.toBytes(heartbeat), "the worker heartbeat");
    }

    @Override
    public Optional<Heartbeat> readHeartbeat(Path bundleDir) {
        try {
            return Optional.of(ContractJson.read(Files.readAllBytes(control(bundleDir).resolve(HEARTBEAT)), Heartbeat.class));
        } catch (IOException | JacksonException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public Saved writeStopRequest(Path bundleDir, StopRequest request) {
        if (!REQUEST_ID.matcher(request.requestId()).matches()) {
            throw new IllegalArgumentException("stop request ids are file-name safe: " + request.requestId());
        }
        return write(control(bundleDir).resolve(BundleFileNames.stopRequest(request.requestId())),
                ContractJson.toBytes(request), "a stop request");
    }

    @Override
    public List<StopRequest> stopRequests(Path bundleDir) {
        List<StopRequest> requests = new ArrayList<>();
        Path control = control(bundleDir);
        if (!Files.isDirectory(control)) {
            return requests;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(control, STOP_PREFIX + "*.json")) {
            for (Path entry : entries) {
                try {
                    requests.add(ContractJson.read(Files.readAllBytes(entry), StopRequest.class));
                } catch (IOException | JacksonException | IllegalArgumentException e) {
                    // Not a request this worker can trust; it is ignored, never acted on.
                }
            }
        } catch (IOException e) {
            return requests;
        }
        return requests;
    }

    @Override
    public Path workerLog(Path bundleDir) {
        Path control = control(bundleDir);
        Path log = control.resolve(WORKER_LOG);
        try {
            PrivateFiles.ensureDirectory(control);
            // Created here 0600, so that the launcher only appends to a private file.
            if (!Files.exists(log)) {
                PrivateFiles.writeNew(log, new byte[0]);
            }
        } catch (IOException e) {
            // The launcher reports the failure when it cannot open the log.
        }
        return log;
    }

    @Override
    public Saved reserveSpace(Path bundleDir, long bytes) {
        Path reserve = control(bundleDir).resolve(RESERVE);
        try {
            PrivateFiles.ensureDirectory(control(bundleDir));
            PrivateFiles.writeZeros(reserve, bytes);
            return new Saved.Written(reserve);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(reserve);
            } catch (IOException ignored) {
                // What was written of it stays reserved until releaseSpace.
            }
            return unwritable("the space reserve", reserve, e);
        }
    }

    @Override
    public boolean releaseSpace(Path bundleDir) {
        try {
            Files.deleteIfExists(control(bundleDir).resolve(RESERVE));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Path control(Path bundleDir) {
        return bundleDir.resolve(CONTROL);
    }

    private static Saved write(Path file, byte[] json, String what) {
        try {
            PrivateFiles.ensureDirectory(file.getParent());
            PrivateFiles.replace(file, json);
            return new Saved.Written(file);
        } catch (IOException e) {
            return unwritable(what, file, e);
        }
    }

    private static Saved unwritable(String what, Path file, IOException e) {
        return new Saved.NotWritten(StorageFailures.unwritable("Could not write " + what + " at", file, e,
                "Make the bundle directory writable, or start a new recording in a writable directory; "
                        + "no permissions are changed automatically."));
    }

}
