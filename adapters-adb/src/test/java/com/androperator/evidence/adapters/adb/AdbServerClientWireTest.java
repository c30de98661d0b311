package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.adapters.adb.StreamResult.Outcome;
import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class AdbServerClientWireTest {
    private static final String SERIAL = "127.0.0.1:5555";

    private static Deadline seconds(int seconds) {
        return Deadline.after(MonotonicClock.SYSTEM, seconds * 1000L);
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    @Test
    void aHostQueryFramesTheRequestAndReadsTheLengthPrefixedPayload() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.okayPayload("0029"))) {
            StreamResult result = new AdbServerClient(server.environment()).hostQuery("host:version", seconds(5));

            assertThat(result.outcome()).isEqualTo(Outcome.COMPLETED);
            assertThat(result.stdoutText()).isEqualTo("0029");
            assertThat(server.requests()).containsExactly("host:version");
        }
    }

    @Test
    void theLengthIsFourLowercaseHexDigitsOfTheUtf8Bytes() throws Exception {
        String request = "host:connect:" + "ä".repeat(100);
        try (FakeAdbServer server = new FakeAdbServer(c -> c.okayPayload("failed to connect"))) {
            StreamResult result = new AdbServerClient(server.environment()).hostQuery(request, seconds(5));

            assertThat(server.requests()).containsExactly(request);
            assertThat(result.stdoutText()).isEqualTo("failed to connect");
        }
        assertThat(String.format("%04x", request.getBytes(StandardCharsets.UTF_8).length)).isEqualTo("00d5");
    }

    @Test
    void aFailAnswerCarriesItsReason() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.fail("device 'nope' not found"))) {
            StreamResult result = new AdbServerClient(server.environment())
                    .hostQuery("host-serial:nope:get-state", seconds(5));

            assertThat(result.outcome()).isEqualTo(Outcome.FAIL);
            assertThat(result.detail()).isEqualTo("device 'nope' not found");
        }
    }

    @Test
    void somethingThatIsNotTheProtocolIsAnIoError() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.write("HTTP/1.1 400"))) {
            StreamResult result = new AdbServerClient(server.environment()).hostQuery("host:version", seconds(5));

            assertThat(result.outcome()).isEqualTo(Outcome.IO_ERROR);
            assertThat(result.detail()).contains("instead of OKAY or FAIL");
        }
        try (FakeAdbServer server = new FakeAdbServer(c -> c.write("OKAY0010abc"))) {
            StreamResult result = new AdbServerClient(server.environment()).hostQuery("host:devices-l", seconds(5));

            assertThat(result.outcome()).isEqualTo(Outcome.IO_ERROR);
            assertThat(result.detail()).contains("ended after 3 of 16 bytes");
        }
    }

    @Test
    void eachCutOrMalformedAnswerIsNamedExactly() throws Exception {
        String request = "host:transport:" + "x".repeat(90) + "\n";
        assertThat(hostQueryDetail("OKAY", "host:devices-l"))
                .isEqualTo("the stream ended after 0 of 4 bytes of the payload length of host:devices-l");
        assertThat(hostQueryDetail("OKAY00g1", "host:devices-l"))
                .isEqualTo("the payload length of host:devices-l is not 4 hex digits: '00g1'");
        assertThat(hostQueryDetail("OKAY00\u00e91", "host:devices-l"))
                .isEqualTo("the payload length of host:devices-l is not 4 hex digits: '00\ufffd\ufffd'");
        assertThat(hostQueryDetail("OKAY00Ab" + "z".repeat(171), "host:devices-l"))
                .as("upper-case hex digits are read as the protocol's").isNull();
        assertThat(hostQueryDetail("FAIL00x1", "host:version"))
                .isEqualTo("the FAIL reason length is not 4 hex digits: '00x1'");
        assertThat(hostQueryDetail("FAIL0010too short", "host:version"))
                .isEqualTo("the stream ended after 9 of 16 bytes of the FAIL reason");
        assertThat(hostQueryDetail("OK", request)).isEqualTo("the stream ended after 2 of 4 bytes of the answer to "
                + "host:transport:" + "x".repeat(65) + "…");
    }

    /** The detail of a host query of {@code request} that the server answers with {@code answer}, then closes. */
    private static String hostQueryDetail(String answer, String request) throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.write(answer.getBytes(StandardCharsets.UTF_8)))) {
            return new AdbServerClient(server.environment()).hostQuery(request, seconds(5)).detail();
        }
    }

    @Test
    void theLengthPrefixIsRightForEveryDigit() throws Exception {
        for (int length : new int[] {1, 0xf, 0x10, 0xab, 0x100, 0xfff, 0x1000, 0xbeef, 0xffff}) {
            String sent = "h".repeat(length);
            try (FakeAdbServer server = new FakeAdbServer(c -> c.okayPayload("ok"))) {
                StreamResult result = new AdbServerClient(server.environment()).hostQuery(sent, seconds(5));

                assertThat(result.outcome()).as("length %x", length).isEqualTo(Outcome.COMPLETED);
                assertThat(server.requests()).containsExactly(sent);
            }
        }
    }

    @Test
    void execSwitchesTransportAndReadsRawBytesUntilEof() throws Exception {
        byte[] png = new byte[200_000];
        new java.util.Random(7).nextBytes(png);
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.write(png);
        })) {
            StreamResult result = new AdbServerClient(server.environment())
                    .exec(SERIAL, "screencap -p", seconds(5), 1 << 20, null);

            assertThat(result.outcome()).isEqualTo(Outcome.COMPLETED);
            assertThat(result.cleanEof()).isTrue();
            assertThat(result.serviceOpened()).isTrue();
            assertThat(result.exitStatus()).isNull();
            assertThat(result.stdout()).isEqualTo(png);
            assertThat(server.requests()).containsExactly("host:transport:" + SERIAL, "exec:screencap -p");
        }
    }

    @Test
    void aRefusedTransportOrServiceNeverOpensTheService() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.fail("device offline"))) {
            StreamResult result = new AdbServerClient(server.environment()).shell(SERIAL, "getprop", seconds(5), 100, null);

            assertThat(result.outcome()).isEqualTo(Outcome.FAIL);
            assertThat(result.detail()).isEqualTo("device offline");
            assertThat(result.serviceOpened()).isFalse();
        }
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.fail("closed");
        })) {
            StreamResult result = new AdbServerClient(server.environment()).shell(SERIAL, "getprop", seconds(5), 100, null);

            assertThat(result.outcome()).isEqualTo(Outcome.FAIL);
            assertThat(result.serviceOpened()).isFalse();
            assertThat(server.requests()).containsExactly("host:transport:" + SERIAL, "shell:getprop");
        }
    }

    @Test
    void bytesOverTheCapAreNotKept() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.write(new byte[100]);
            c.holdUntilClientCloses();
        })) {
            StreamResult result = new AdbServerClient(server.environment()).exec(SERIAL, "screencap -p", seconds(5), 60, null);

            assertThat(result.outcome()).isEqualTo(Outcome.CAP_EXCEEDED);
            assertThat(result.stdout()).hasSize(60);
            assertThat(result.cleanEof()).isFalse();
        }
    }

    @Test
    void readingStopsAtTheDeadlineAndKeepsThePartialBytes() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.write("partial!!!");
            c.holdUntilClientCloses();
        })) {
            long start = System.nanoTime();
            StreamResult result = new AdbServerClient(server.environment())
                    .exec(SERIAL, "screencap -p", Deadline.after(MonotonicClock.SYSTEM, 300), 1 << 20, null);
            long elapsedMillis = (System.nanoTime() - start) / 1_000_000;

            assertThat(result.outcome()).isEqualTo(Outcome.DEADLINE);
            assertThat(result.stdoutText()).isEqualTo("partial!!!");
            assertThat(result.cleanEof()).isFalse();
            assertThat(elapsedMillis).isBetween(250L, 3000L);
        }
    }

    @Test
    void anExpiredDeadlineNeverConnects() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.okayPayload("0029"))) {
            StreamResult result = new AdbServerClient(server.environment())
                    .hostQuery("host:version", Deadline.after(MonotonicClock.SYSTEM, 0));

            assertThat(result.outcome()).isEqualTo(Outcome.DEADLINE);
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void anotherThreadCanCancelABlockedRead() throws Exception {
        CountDownLatch firstBytes = new CountDownLatch(1);
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.write("01-01 first line\n");
            c.holdUntilClientCloses();
        })) {
            AdbCancellation cancellation = new AdbCancellation();
            Thread canceller = new Thread(() -> {
                try {
                    if (firstBytes.await(10, TimeUnit.SECONDS)) {
                        cancellation.cancel();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            canceller.start();
            StreamResult result = new AdbServerClient(server.environment()).stream(SERIAL,
                    AdbServerClient.ServiceKind.SHELL, "logcat -v time -T 1", seconds(15), 1 << 20, cancellation,
                    (data, offset, length) -> {
                        firstBytes.countDown();
                        return true;
                    });
            canceller.join();

            assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
            assertThat(result.bytesReceived()).isEqualTo(17);
            assertThat(result.stdout()).isEmpty();
        }
    }

    @Test
    void aCancellationBeforeTheRequestMeansNoConnection() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.okayPayload("0029"))) {
            AdbCancellation cancellation = new AdbCancellation();
            cancellation.cancel();
            StreamResult result = new AdbServerClient(server.environment())
                    .exec(SERIAL, "true", seconds(5), 10, cancellation);

            assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
            assertThat(server.requests()).isEmpty();
        }
    }

    @Test
    void aListenerThatSaysStopEndsTheStream() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.write("line\n");
            c.holdUntilClientCloses();
        })) {
            StreamResult result = new AdbServerClient(server.environment()).stream(SERIAL,
                    AdbServerClient.ServiceKind.SHELL, "logcat", seconds(5), 1 << 20, null, (d, o, l) -> false);

            assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
        }
    }

    @Test
    void shellV2FramesSeparateStdoutStderrAndTheExitStatus() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.frame(1, "hello ");
            c.frame(2, "warning: odd\n");
            c.frame(1, "world");
            c.frame(5, "window size change is ignored");
            c.frame(3, new byte[] {3});
            c.holdUntilClientCloses();
        })) {
            StreamResult result = new AdbServerClient(server.environment())
                    .shellV2(SERIAL, "dumpsys input", seconds(5), 1 << 20, null);

            assertThat(result.outcome()).isEqualTo(Outcome.COMPLETED);
            assertThat(result.cleanEof()).isTrue();
            assertThat(result.stdoutText()).isEqualTo("hello world");
            assertThat(result.stderrText()).isEqualTo("warning: odd\n");
            assertThat(result.exitStatus()).isEqualTo(3);
            assertThat(result.succeeded()).isFalse();
            assertThat(server.requests()).containsExactly("host:transport:" + SERIAL, "shell,v2,raw:dumpsys input");
        }
    }

    @Test
    void framesThatArriveTogetherOrByteByByteReadTheSame() throws Exception {
        java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
        StringBuilder stdout = new StringBuilder();
        StringBuilder stderr = new StringBuilder();
        java.util.Random random = new java.util.Random(5);
        for (int i = 0; i < 400; i++) {
            // Frames of every size around the read-ahead buffer's 8 KiB, stdout and stderr interleaved.
            int size = random.nextInt(5) == 0 ? 8 * 1024 - 8 + random.nextInt(16) : random.nextInt(200);
            String text = ("line " + i + " ").repeat(size / 7 + 1).substring(0, size);
            int id = random.nextInt(4) == 0 ? 2 : 1;
            (id == 1 ? stdout : stderr).append(text);
            byte[] data = text.getBytes(StandardCharsets.US_ASCII);
            stream.write(new byte[] {(byte) id, (byte) data.length, (byte) (data.length >>> 8), 0, 0});
            stream.write(data, 0, data.length);
        }
        stream.write(new byte[] {3, 1, 0, 0, 0, 7});
        byte[] frames = stream.toByteArray();
        for (int piece : new int[] {frames.length, 1, 5, 4093}) {
            try (FakeAdbServer server = new FakeAdbServer(c -> {
                c.acceptTransport();
                c.okay();
                for (int at = 0; at < frames.length; at += piece) {
                    c.write(java.util.Arrays.copyOfRange(frames, at, Math.min(frames.length, at + piece)));
                }
                c.holdUntilClientCloses();
            })) {
                StreamResult result = new AdbServerClient(server.environment())
                        .shellV2(SERIAL, "logcat", seconds(10), 1 << 24, null);

                assertThat(result.outcome()).as("pieces of %d bytes", piece).isEqualTo(Outcome.COMPLETED);
                assertThat(firstDifference(result.stdoutText(), stdout.toString())).as("stdout, pieces of %d", piece)
                        .isEqualTo(-1);
                String stderrTail = stderr.substring(Math.max(0, stderr.length() - AdbServerClient.STDERR_TAIL_BYTES));
                assertThat(firstDifference(result.stderrText(), stderrTail)).as("stderr's tail, pieces of %d", piece)
                        .isEqualTo(-1);
                assertThat(result.exitStatus()).isEqualTo(7);
                assertThat(result.bytesReceived()).isEqualTo(stdout.length());
            }
        }
    }

    /** Small stdout frames and their exit frame, in one write after the two OKAYs: all of it can arrive in one read. */
    private static FakeAdbServer smallFramesAtOnce(int frames, int exitStatus) throws Exception {
        java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < frames; i++) {
            stream.write(new byte[] {1, 4, 0, 0, 0, 'a', 'b', 'c', (byte) ('0' + i % 10)});
        }
        stream.write(new byte[] {3, 1, 0, 0, 0, (byte) exitStatus});
        byte[] all = stream.toByteArray();
        return new FakeAdbServer(c -> {
            c.acceptTransport();
            byte[] okayAndFrames = new byte[4 + all.length];
            System.arraycopy("OKAY".getBytes(StandardCharsets.US_ASCII), 0, okayAndFrames, 0, 4);
            System.arraycopy(all, 0, okayAndFrames, 4, all.length);
            c.write(okayAndFrames);
            c.holdUntilClientCloses();
        });
    }

    @Test
    void aCancellationEndsTheRequestEvenWithItsLastFramesAlreadyRead() throws Exception {
        try (FakeAdbServer server = smallFramesAtOnce(20, 0)) {
            AdbCancellation cancellation = new AdbCancellation();
            StringBuilder seen = new StringBuilder();
            StreamResult result = new AdbServerClient(server.environment()).stream(SERIAL,
                    AdbServerClient.ServiceKind.SHELL_V2, "logcat", seconds(5), 1 << 20, cancellation,
                    (bytes, offset, length) -> {
                        seen.append(new String(bytes, offset, length, StandardCharsets.US_ASCII));
                        cancellation.cancel();
                        return true;
                    });

            assertThat(result.outcome()).isEqualTo(Outcome.CANCELLED);
            assertThat(result.detail()).isEqualTo("cancelled while reading");
            assertThat(result.exitStatus()).isNull();
            assertThat(seen.toString()).as("nothing after the cancellation").isEqualTo("abc0");
        }
    }

    @Test
    void aDeadlineThatPassesEndsTheRequestEvenWithItsLastFramesAlreadyRead() throws Exception {
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
        Deadline deadline = Deadline.after(now::get, 10_000);
        try (FakeAdbServer server = smallFramesAtOnce(20, 0)) {
            StringBuilder seen = new StringBuilder();
            StreamResult result = new AdbServerClient(server.environment()).stream(SERIAL,
                    AdbServerClient.ServiceKind.SHELL_V2, "logcat", deadline, 1 << 20, null,
                    (bytes, offset, length) -> {
                        seen.append(new String(bytes, offset, length, StandardCharsets.US_ASCII));
                        now.addAndGet(20_000_000_000L);
                        return true;
                    });

            assertThat(result.outcome()).isEqualTo(Outcome.DEADLINE);
            assertThat(result.exitStatus()).isNull();
            assertThat(seen.toString()).isEqualTo("abc0");
        }
    }

    @Test
    void theCapIsExactWhenItIsCrossedInsideBytesAlreadyRead() throws Exception {
        try (FakeAdbServer server = smallFramesAtOnce(20, 0)) {
            StreamResult result = new AdbServerClient(server.environment())
                    .shellV2(SERIAL, "logcat", seconds(5), 10, null);

            assertThat(result.outcome()).isEqualTo(Outcome.CAP_EXCEEDED);
            assertThat(result.bytesReceived()).isEqualTo(10);
            assertThat(result.stdoutText()).isEqualTo("abc0abc1ab");
        }
    }

    /** Where two long texts first differ (as "offset/length/length"), or -1 when they are equal; short for a failure's message. */
    private static Object firstDifference(String actual, String expected) {
        int at = java.util.Arrays.mismatch(actual.toCharArray(), expected.toCharArray());
        return at < 0 ? -1 : at + "/" + actual.length() + "/" + expected.length();
    }

    @Test
    void aShellV2StreamWithoutItsExitFrameWasCut() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.frame(1, "[ro.a]: [1]\n");
        })) {
            StreamResult result = new AdbServerClient(server.environment())
                    .shellV2(SERIAL, "getprop", seconds(5), 1 << 20, null);

            assertThat(result.outcome()).isEqualTo(Outcome.IO_ERROR);
            assertThat(result.cleanEof()).isFalse();
            assertThat(result.detail()).contains("without an exit frame");
            assertThat(result.stdoutText()).isEqualTo("[ro.a]: [1]\n");
        }
    }

    @Test
    void aShellV2StreamCutInsideAFrameKeepsWhatArrived() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.write(new byte[] {1, 100, 0, 0, 0});
            c.write("0123456789");
        })) {
            StreamResult result = new AdbServerClient(server.environment())
                    .shellV2(SERIAL, "getprop", seconds(5), 1 << 20, null);

            assertThat(result.outcome()).isEqualTo(Outcome.IO_ERROR);
            assertThat(result.detail()).contains("inside a frame");
            assertThat(result.stdoutText()).isEqualTo("0123456789");
        }
    }

    @Test
    void anAbsurdShellV2FrameLengthIsNotTheProtocol() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> {
            c.acceptTransport();
            c.okay();
            c.write(new byte[] {1, -1, -1, -1, -1});
            c.holdUntilClientCloses();
        })) {
            StreamResult result = new AdbServerClient(server.environment())
                    .shellV2(SERIAL, "getprop", seconds(5), 1 << 20, null);

            assertThat(result.outcome()).isEqualTo(Outcome.IO_ERROR);
            assertThat(result.detail()).contains("not the shell_v2 protocol");
        }
    }

    @Test
    void aRequestOverTheProtocolLimitIsRefusedLocally() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(FakeAdbServer.Conversation::acceptTransport)) {
            StreamResult result = new AdbServerClient(server.environment())
                    .shell(SERIAL, "x".repeat(70_000), seconds(5), 10, null);

            assertThat(result.outcome()).isEqualTo(Outcome.IO_ERROR);
            assertThat(result.detail()).contains("over the adb protocol's limit");
            assertThat(result.serviceOpened()).isFalse();
        }
    }

    @Test
    void nothingListeningIsServerUnreachable() throws Exception {
        int port = freePort();
        StreamResult result = new AdbServerClient(Map.of("ANDROID_ADB_SERVER_PORT", Integer.toString(port)))
                .hostQuery("host:version", seconds(5));

        assertThat(result.outcome()).isEqualTo(Outcome.SERVER_UNREACHABLE);
        assertThat(result.detail()).contains("127.0.0.1:" + port);
    }

    @Test
    void ensureServerAcceptsARunningServer() throws Exception {
        try (FakeAdbServer server = new FakeAdbServer(c -> c.okayPayload("0029"))) {
            AdbServerClient.ServerCheck check = new AdbServerClient(server.environment()).ensureServer(seconds(5));

            assertThat(check).isInstanceOf(AdbServerClient.ServerCheck.Running.class);
            assertThat(((AdbServerClient.ServerCheck.Running) check).version()).isEqualTo(41);
            assertThat(((AdbServerClient.ServerCheck.Running) check).startedNow()).isFalse();
        }
    }

    @Test
    void withoutAServerAndWithoutAdbOnPathTheFailureSaysHowToInstallIt() throws Exception {
        int port = freePort();
        AdbServerClient client = new AdbServerClient(Map.of("ANDROID_ADB_SERVER_PORT", Integer.toString(port),
                "PATH", "/nonexistent"));

        AdbServerClient.ServerCheck check = client.ensureServer(seconds(5));

        assertThat(check).isInstanceOf(AdbServerClient.ServerCheck.Unavailable.class);
        var failure = ((AdbServerClient.ServerCheck.Unavailable) check).failure();
        assertThat(failure.code()).isEqualTo(ErrorCodes.ADB_NOT_FOUND);
        assertThat(failure.message()).contains("adb is not on PATH").contains("apt-get install -y adb")
                .contains("ADB_SERVER_SOCKET");
        assertThat(client.adbOnPath()).isEmpty();
    }

    @Test
    void aRemoteServerIsNeverStarted() throws Exception {
        int port = freePort();
        AdbServerClient client = new AdbServerClient(Map.of("ADB_SERVER_SOCKET", "tcp:127.0.0.2:" + port,
                "PATH", "/usr/bin:/bin"));

        AdbServerClient.ServerCheck check = client.ensureServer(seconds(5));

        assertThat(check).isInstanceOf(AdbServerClient.ServerCheck.Unavailable.class);
        assertThat(((AdbServerClient.ServerCheck.Unavailable) check).failure().message())
                .contains("a remote server is never started");
    }

    @Test
    void anInvalidAddressSettingIsAdbUnavailable() {
        AdbServerClient client = new AdbServerClient(Map.of("ADB_SERVER_SOCKET", "unix:/tmp/x"));

        AdbServerClient.ServerCheck check = client.ensureServer(seconds(5));

        assertThat(((AdbServerClient.ServerCheck.Unavailable) check).failure().message())
                .contains("ADB_SERVER_SOCKET=unix:/tmp/x is not tcp:HOST:PORT");
        assertThat(client.hostQuery("host:version", seconds(5)).outcome()).isEqualTo(Outcome.SERVER_UNREACHABLE);
    }
}
