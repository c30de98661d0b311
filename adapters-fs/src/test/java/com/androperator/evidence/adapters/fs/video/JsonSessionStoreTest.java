package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.domain.video.model.Saved;
import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.video.model.Heartbeat;
import com.androperator.evidence.domain.video.model.RecoveryState;
import com.androperator.evidence.domain.port.video.SessionStore;
import com.androperator.evidence.domain.port.video.SessionStates.SessionRead;
import com.androperator.evidence.domain.video.model.StopRequest;
import com.androperator.evidence.domain.video.model.VideoSession;
import com.androperator.evidence.domain.video.model.WorkerIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonSessionStoreTest {
    @TempDir
    Path bundle;

    private final JsonSessionStore store = new JsonSessionStore();

    @Test
    void sessionStateRoundTripsPrivatelyAndKeepsTheNonceWorkerTargetDeadlineAndRecovery() throws IOException {
        VideoSession session = session().withWorker(new WorkerIdentity(4242, "2026-01-01T00:00:01.230Z"),
                new VideoSession.Recovery(RecoveryState.WORKER_OWNED.wire(), null, "2026-01-01T00:00:02Z"));

        store.saveSession(bundle, session);

        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Found(session));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(bundle.resolve("session.json"))))
                .isEqualTo("rw-------");
        String json = Files.readString(bundle.resolve("session.json"));
        assertThat(json).contains("\"nonce\"", "\"worker\"", "\"target\"", "\"deadlineAt\"", "\"recovery\"",
                "\"recorderBackend\" : \"scrcpy\"");
    }

    @Test
    void heartbeatsAndStopRequestsLiveUnderAPrivateControlDirectory() throws IOException {
        store.writeHeartbeat(bundle, new Heartbeat("nonce", 4242, "start", "2026-01-01T00:00:03Z"));
        store.writeStopRequest(bundle, new StopRequest("request-1", "nonce", "2026-01-01T00:00:04Z"));
        store.writeStopRequest(bundle, new StopRequest("request-2", "other-nonce", "2026-01-01T00:00:05Z"));
        Files.writeString(bundle.resolve("control/stop-garbage.json"), "{not json");

        assertThat(store.readHeartbeat(bundle)).contains(new Heartbeat("nonce", 4242, "start", "2026-01-01T00:00:03Z"));
        assertThat(store.stopRequests(bundle)).extracting(StopRequest::requestId)
                .containsExactlyInAnyOrder("request-1", "request-2");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(bundle.resolve("control"))))
                .isEqualTo("rwx------");
        assertThat(store.workerLog(bundle)).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.workerLog(bundle))))
                .isEqualTo("rw-------");
    }

    @Test
    void aMissingOrDamagedSessionIsNeverMistakenForAValidOne() throws IOException {
        assertThat(store.readSession(bundle)).isInstanceOf(SessionRead.Absent.class);
        Files.writeString(bundle.resolve("session.json"), "{\"schemaVersion\":1}");
        assertThat(store.readSession(bundle)).isInstanceOf(SessionRead.Unreadable.class);
        assertThat(store.readHeartbeat(bundle)).isEmpty();
    }

    @Test
    void aSessionWithoutAnOperatorRoundTripsAndSavingLeavesNoTemporaryFileBesideTheManifest() throws IOException {
        VideoSession withoutOperator = new VideoSession(VideoSession.SCHEMA_VERSION, "session-2", "nonce",
                VideoSession.SCRCPY, new VideoSession.Target("127.0.0.1:5555", null), bundle.toString(),
                bundle.resolve("manifest.json").toString(), "/tmp/locks/device-x.lock", 1, new VideoSize(324, 720),
                "2026-01-01T00:00:00Z", "2026-01-01T00:00:06Z",
                new VideoSession.Tools("/usr/bin/scrcpy", "/usr/bin/ffmpeg", "/usr/bin/ffprobe", null), null,
                new VideoSession.Recovery(RecoveryState.AWAITING_WORKER.wire(), null, "2026-01-01T00:00:00Z"));

        for (RecoveryState state : new RecoveryState[] {RecoveryState.AWAITING_WORKER, RecoveryState.WORKER_OWNED,
                RecoveryState.RELEASED}) {
            store.saveSession(bundle, withoutOperator.withRecovery(
                    new VideoSession.Recovery(state.wire(), null, "2026-01-01T00:00:05Z")));
        }

        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Found(withoutOperator.withRecovery(
                new VideoSession.Recovery(RecoveryState.RELEASED.wire(), null, "2026-01-01T00:00:05Z"))));
        try (Stream<Path> root = Files.list(bundle)) {
            assertThat(root.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("session.json", "control");
        }
        try (Stream<Path> control = Files.list(bundle.resolve("control"))) {
            assertThat(control).as("the staged temporary files were renamed, none is left").isEmpty();
        }
    }

    /** session.json keeps the recorder's identity while it records; an older file without it still reads. */
    @Test
    void theRecorderIdentityRoundTripsAndASessionSavedWithoutOneStillReads() throws IOException {
        WorkerIdentity recorder = new WorkerIdentity(5151, "2026-01-01T00:00:01.250Z");
        VideoSession recording = session().withWorker(new WorkerIdentity(4242, "2026-01-01T00:00:00.500Z"),
                new VideoSession.Recovery(RecoveryState.WORKER_OWNED.wire(), null, "2026-01-01T00:00:01Z"))
                .withRecorder(recorder);

        store.saveSession(bundle, recording);

        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Found(recording));
        assertThat(Files.readString(bundle.resolve("session.json"))).contains("\"recorder\"", "5151");
        String older = Files.readString(bundle.resolve("session.json")).replaceAll(
                "(?s),\\s*\"recorder\"\\s*:\\s*\\{[^}]*\\}", "");
        assertThat(older).doesNotContain("recorder\"");
        Files.writeString(bundle.resolve("session.json"), older);
        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Found(recording.withRecorder(null)));
    }

    /** The reserve is real, private space under control/, and gone once released. */
    @Test
    void spaceIsReservedUnderControlAndGivenBack() throws IOException {
        Path reserve = bundle.resolve("control").resolve(JsonSessionStore.RESERVE);

        assertThat(store.reserveSpace(bundle, 3 * 65_536 + 17)).isInstanceOf(Saved.Written.class);

        assertThat(Files.size(reserve)).isEqualTo(3 * 65_536 + 17);
        assertThat(Files.readAllBytes(reserve)).containsOnly((byte) 0);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(reserve))).isEqualTo("rw-------");
        assertThat(store.releaseSpace(bundle)).isTrue();
        assertThat(reserve).doesNotExist();
        assertThat(store.releaseSpace(bundle)).as("releasing twice is harmless").isTrue();
    }

    private VideoSession session() {
        return new VideoSession(VideoSession.SCHEMA_VERSION, "session-1", "nonce", VideoSession.SCRCPY,
                new VideoSession.Target("127.0.0.1:5555", "com.androperator.operator.dev"), bundle.toString(),
                bundle.resolve("manifest.json").toString(), "/tmp/locks/device-x.lock", 30, new VideoSize(576, 1280),
                "2026-01-01T00:00:00Z", "2026-01-01T00:00:35Z",
                new VideoSession.Tools("/usr/bin/scrcpy", "/usr/bin/ffmpeg", "/usr/bin/ffprobe", "/usr/bin/adb"), null,
                new VideoSession.Recovery(RecoveryState.AWAITING_WORKER.wire(), null, "2026-01-01T00:00:00Z"));
    }
}
