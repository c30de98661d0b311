package com.androperator.evidence.adapters.fs.video;

import com.androperator.evidence.domain.video.model.SessionState;
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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.io.TempDir;

class JsonSessionStoreTest {
    @TempDir
    Path bundle;

    private final JsonSessionStore store = new JsonSessionStore();

    @Test
    void sessionStateRoundTripsPrivatelyAndKeepsTheNonceWorkerTargetDeadlineAndRecovery() throws IOException {
        VideoSession session = session().claimedBy(new WorkerIdentity(4242, "2026-01-01T00:00:01.230Z"), "2026-01-01T00:00:02Z");

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
                new VideoSession.Tools("/usr/bin/scrcpy", "/usr/bin/ffmpeg", "/usr/bin/ffprobe", null), new SessionState.AwaitingWorker("2026-01-01T00:00:00Z"));

        VideoSession claimed = withoutOperator.claimedBy(new WorkerIdentity(4242, "2026-01-01T00:00:01Z"),
                "2026-01-01T00:00:05Z");
        VideoSession released = claimed.settled(RecoveryState.RELEASED, null, "2026-01-01T00:00:05Z");
        for (VideoSession saved : List.of(withoutOperator, claimed, released)) {
            store.saveSession(bundle, saved);
        }

        assertThat(store.readSession(bundle)).isEqualTo(new SessionRead.Found(released));
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
        VideoSession recording = session().claimedBy(new WorkerIdentity(4242, "2026-01-01T00:00:00.500Z"), "2026-01-01T00:00:01Z")
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

    /**
     * session.json keeps the shape the record-per-file version wrote (golden files written by it):
     * each state reads back as its type and is written back byte for byte.
     */
    @ParameterizedTest
    @ValueSource(strings = {"awaiting-worker", "recovery-required"})
    void theFileKeepsItsShapeAndEachStateReadsAsItsType(String name) throws IOException {
        String golden = new String(getClass().getResourceAsStream("/session-json/" + name + ".json").readAllBytes(),
                StandardCharsets.UTF_8).strip();
        Files.writeString(bundle.resolve("session.json"), golden);

        VideoSession read = ((SessionRead.Found) store.readSession(bundle)).session();
        assertThat(read.state()).isEqualTo(name.equals("awaiting-worker")
                ? new SessionState.AwaitingWorker("2026-01-01T00:00:00Z")
                : new SessionState.Settled(RecoveryState.RECOVERY_REQUIRED, "the recorder did not exit",
                        new WorkerIdentity(4242, "2026-01-01T00:00:01.230Z"),
                        new WorkerIdentity(5151, "2026-01-01T00:00:01.250Z"), "2026-01-01T00:00:09Z"));
        store.saveSession(bundle, read);

        assertThat(Files.readString(bundle.resolve("session.json")).strip()).isEqualTo(golden);
    }

    @Test
    void aWorkerOwnedStateWithoutItsWorkerIsNeverRead() throws IOException {
        Files.writeString(bundle.resolve("session.json"), new String(getClass()
                .getResourceAsStream("/session-json/awaiting-worker.json").readAllBytes(), StandardCharsets.UTF_8)
                .replace("awaiting_worker", "worker_owned"));

        assertThat(store.readSession(bundle)).isInstanceOf(SessionRead.Unreadable.class);
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
                new VideoSession.Tools("/usr/bin/scrcpy", "/usr/bin/ffmpeg", "/usr/bin/ffprobe", "/usr/bin/adb"), new SessionState.AwaitingWorker("2026-01-01T00:00:00Z"));
    }
}
