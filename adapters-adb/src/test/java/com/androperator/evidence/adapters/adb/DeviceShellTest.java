package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.budget.Deadline;
import com.androperator.evidence.domain.budget.MonotonicClock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The commands that share a deadline (one capture's display query, metadata reads and Operator)
 * share one features answer, through every adapter of one client; another deadline asks again
 * (the device may have been replaced under its serial), and so does the next command after a
 * query that failed or a command that did not complete.
 */
class DeviceShellTest {
    private static final String SERIAL = "emulator-5554";

    /** A device with shell_v2 whose every command prints "ok"; the first {@code failedQueries} features queries fail. */
    private static FakeAdbServer device(int failedQueries) throws Exception {
        return device(failedQueries, 0);
    }

    /** As {@link #device(int)}, and the first {@code failedCommands} commands are refused as a device gone offline. */
    private static FakeAdbServer device(int failedQueries, int failedCommands) throws Exception {
        AtomicInteger queries = new AtomicInteger();
        AtomicInteger commands = new AtomicInteger();
        return new FakeAdbServer(c -> {
            if (c.request().endsWith(":features")) {
                if (queries.incrementAndGet() <= failedQueries) {
                    c.fail("device offline");
                } else {
                    c.okayPayload("cmd,shell_v2,stat_v2");
                }
                return;
            }
            if (commands.incrementAndGet() <= failedCommands) {
                c.fail("device offline");
                return;
            }
            c.acceptTransport();
            c.okay();
            c.frame(1, "ok");
            c.frame(3, new byte[] {0});
        });
    }

    private static Deadline budget() {
        return Deadline.after(MonotonicClock.SYSTEM, 10_000);
    }

    private static long featureQueries(FakeAdbServer server) {
        return server.requests().stream().filter(request -> request.endsWith(":features")).count();
    }

    private static long shellV2Commands(FakeAdbServer server) {
        return server.requests().stream().filter(request -> request.startsWith("shell,v2,raw:")).count();
    }

    @Test
    void commandsSharingADeadlineAskForTheFeaturesOnceAndAnotherDeadlineAsksAgain() throws Exception {
        try (FakeAdbServer server = device(0)) {
            DeviceShell shell = new DeviceShell(new AdbServerClient(server.environment()));
            Deadline capture = budget();

            assertThat(shell.run(SERIAL, "getprop", capture, 1024).succeeded()).isTrue();
            assertThat(shell.run(SERIAL, "wm size", capture, 1024).succeeded()).isTrue();
            assertThat(shell.run(SERIAL, "wm density", capture, 1024).succeeded()).isTrue();
            assertThat(featureQueries(server)).isEqualTo(1);

            assertThat(shell.run(SERIAL, "getprop", budget(), 1024).succeeded()).isTrue();
            assertThat(featureQueries(server)).isEqualTo(2);
            assertThat(shellV2Commands(server)).isEqualTo(4);
        }
    }

    @Test
    void aFailedFeaturesQueryIsAskedAgainByTheNextCommand() throws Exception {
        try (FakeAdbServer server = device(1)) {
            DeviceShell shell = new DeviceShell(new AdbServerClient(server.environment()));
            Deadline capture = budget();

            shell.run(SERIAL, "getprop", capture, 1024);
            assertThat(shellV2Commands(server)).as("without an answer, legacy shell").isZero();
            assertThat(shell.run(SERIAL, "wm size", capture, 1024).succeeded()).isTrue();
            assertThat(shell.run(SERIAL, "wm density", capture, 1024).succeeded()).isTrue();

            assertThat(featureQueries(server)).isEqualTo(2);
            assertThat(shellV2Commands(server)).isEqualTo(2);
        }
    }

    @Test
    void aCommandThatDidNotCompleteMakesTheNextOneAskAgain() throws Exception {
        try (FakeAdbServer server = device(0, 1)) {
            DeviceShell shell = new DeviceShell(new AdbServerClient(server.environment()));
            Deadline capture = budget();

            assertThat(shell.run(SERIAL, "getprop", capture, 1024).completed()).isFalse();
            assertThat(shell.run(SERIAL, "wm size", capture, 1024).succeeded()).isTrue();
            assertThat(shell.run(SERIAL, "wm density", capture, 1024).succeeded()).isTrue();

            assertThat(featureQueries(server)).as("asked again after the refused command, then shared").isEqualTo(2);
        }
    }

    @Test
    void capturesAtOnceKeepTheirOwnAnswersAndEveryAdapterOfAClientSharesThem() throws Exception {
        try (FakeAdbServer server = device(0)) {
            AdbServerClient client = new AdbServerClient(server.environment());
            DeviceShell shell = client.shell();
            Deadline first = budget();
            Deadline second = budget();

            assertThat(shell.run(SERIAL, "dumpsys display", first, 1024).succeeded()).isTrue();
            assertThat(shell.run(SERIAL, "dumpsys display", second, 1024).succeeded()).isTrue();
            assertThat(shell.run(SERIAL, "getprop", first, 1024).succeeded()).isTrue();
            assertThat(client.shell().kindFor(SERIAL, second)).isEqualTo(AdbServerClient.ServiceKind.SHELL_V2);
            assertThat(client.shell().kindFor(SERIAL, first)).isEqualTo(AdbServerClient.ServiceKind.SHELL_V2);

            assertThat(client.shell()).as("one shell for all of the client's adapters").isSameAs(shell);
            assertThat(featureQueries(server)).as("one query for each deadline, interleaved").isEqualTo(2);
            assertThat(shellV2Commands(server)).isEqualTo(3);
        }
    }

    @Test
    void anotherSerialUnderTheSameDeadlineIsAskedAbout() throws Exception {
        try (FakeAdbServer server = device(0)) {
            DeviceShell shell = new DeviceShell(new AdbServerClient(server.environment()));
            Deadline capture = budget();

            shell.kindFor(SERIAL, capture);
            shell.kindFor("emulator-5556", capture);
            shell.kindFor("emulator-5556", capture);

            assertThat(server.requests()).containsExactly("host-serial:emulator-5554:features",
                    "host-serial:emulator-5556:features");
        }
    }
}
