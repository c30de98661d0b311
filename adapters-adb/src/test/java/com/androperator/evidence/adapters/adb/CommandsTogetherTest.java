package com.androperator.evidence.adapters.adb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.androperator.evidence.contracts.ErrorCodes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One shell command for several: the command line, and its output split back by each command's marker. */
class CommandsTogetherTest {
    private static final String SERIAL = "emulator-5554";
    private static final CommandsTogether THREE = CommandsTogether.withToken(List.of("getprop", "wm size",
            "dumpsys package 'com.example'"), "ab12");

    @Test
    void eachCommandIsFollowedByItsMarkerAndStatus() {
        assertThat(THREE.script()).isEqualTo("getprop; echo @@androperator-ab12@0@$?; wm size;"
                + " echo @@androperator-ab12@1@$?; dumpsys package 'com.example'; echo @@androperator-ab12@2@$?");
    }

    @Test
    void eachOutputEndsAtItsMarkerWithOrWithoutANewline() {
        List<AdbDeviceMetadata.Fetch> fetches = THREE.split(SERIAL, result(StreamResult.Outcome.COMPLETED,
                "[a]: [1]\n@@androperator-ab12@0@0\nPhysical size: 1x2@@androperator-ab12@1@0\n"
                        + "@@androperator-ab12@2@0\n", ""));

        assertThat(fetches).containsExactly(new AdbDeviceMetadata.Fetch.Output("[a]: [1]\n", "[a]: [1]\n"),
                new AdbDeviceMetadata.Fetch.Output("Physical size: 1x2", "Physical size: 1x2"),
                new AdbDeviceMetadata.Fetch.Output("", ""));
    }

    @Test
    void aCommandThatFailedKeepsItsStatusAndTheOthersTheirOutput() {
        List<AdbDeviceMetadata.Fetch> fetches = THREE.split(SERIAL, result(StreamResult.Outcome.COMPLETED,
                "x\n@@androperator-ab12@0@0\n@@androperator-ab12@1@137\ny\n@@androperator-ab12@2@0\n", "Killed\n"));

        assertThat(fetches.get(0)).isEqualTo(new AdbDeviceMetadata.Fetch.Output("x\n", "x\n"));
        assertThat(failure(fetches.get(1)).failure().code()).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
        assertThat(failure(fetches.get(1)).failure().message()).isEqualTo("`wm size` on emulator-5554 failed with"
                + " exit status 137; stderr of the metadata commands sent together: Killed");
        assertThat(fetches.get(2)).isEqualTo(new AdbDeviceMetadata.Fetch.Output("y\n", "y\n"));
    }

    @Test
    void theCommandTheDeadlineCutAndThoseAfterItAreTimeouts() {
        List<AdbDeviceMetadata.Fetch> fetches = THREE.split(SERIAL, result(StreamResult.Outcome.DEADLINE,
                "x\n@@androperator-ab12@0@0\nPhysical size: 1x2\n@@androperator-ab12@1@", ""));

        assertThat(fetches.get(0)).isInstanceOf(AdbDeviceMetadata.Fetch.Output.class);
        assertThat(fetches.subList(1, 3)).allSatisfy(fetch -> assertThat(failure(fetch).failure().code())
                .isEqualTo(ErrorCodes.COMMAND_TIMEOUT));
        assertThat(failure(fetches.get(2)).failure().message()).isEqualTo("the budget ran out before `dumpsys package"
                + " 'com.example'` finished (sent with the other metadata reads as one command)");
    }

    @Test
    void aCancelledCommandAndThoseAfterItWereSent() {
        List<AdbDeviceMetadata.Fetch> fetches = THREE.split(SERIAL, result(StreamResult.Outcome.CANCELLED, "x\n", ""));

        assertThat(fetches).allSatisfy(fetch -> {
            assertThat(failure(fetch).failure().code()).isEqualTo(ErrorCodes.COMMAND_CANCELLED);
            assertThat(failure(fetch).dispatched()).isTrue();
        });
    }

    @Test
    void anotherCallsMarkerInAnOutputIsOutput() {
        List<AdbDeviceMetadata.Fetch> fetches = THREE.split(SERIAL, result(StreamResult.Outcome.COMPLETED,
                "x @@androperator-ab13@0@0\n@@androperator-ab12@0@0\n@@androperator-ab12@1@0\n@@androperator-ab12@2@0\n", ""));

        assertThat(fetches.get(0)).isEqualTo(new AdbDeviceMetadata.Fetch.Output("x @@androperator-ab13@0@0\n",
                "x @@androperator-ab13@0@0\n"));
    }

    @Test
    void aStreamThatEndsWithoutAWholeMarkerLineFailsWhatIsLeft() {
        List<AdbDeviceMetadata.Fetch> fetches = THREE.split(SERIAL, result(StreamResult.Outcome.COMPLETED,
                "x\n@@androperator-ab12@0@0\n@@androperator-ab12@1@1234\n@@androperator-ab12@2@0\n", ""));

        assertThat(fetches.get(0)).isEqualTo(new AdbDeviceMetadata.Fetch.Output("x\n", "x\n"));
        assertThat(fetches.subList(1, 3)).allSatisfy(fetch -> assertThat(failure(fetch).failure().message())
                .contains("did not finish (sent with the other metadata reads as one command): completed"));
    }

    @Test
    void aCommandLineThatWasNotSentRanNothing() {
        byte[] none = new byte[0];
        List<AdbDeviceMetadata.Fetch> fetches = THREE.split(SERIAL, new StreamResult(none, 0, none, false, null, false,
                StreamResult.Outcome.FAIL, "device offline", 1_000L));

        assertThat(fetches).allSatisfy(fetch -> {
            assertThat(failure(fetch).dispatched()).isFalse();
            assertThat(failure(fetch).failure().code()).isEqualTo(ErrorCodes.METADATA_UNAVAILABLE);
            assertThat(failure(fetch).failure().message()).contains("was not run").contains("fail: device offline");
        });
    }

    @Test
    void aTokenIsHexadecimalDigits() {
        assertThatThrownBy(() -> CommandsTogether.withToken(List.of("getprop"), "ab;rm"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(CommandsTogether.of(List.of("getprop")).script()).matches("getprop; echo @@androperator-[0-9a-f]{16}@0@\\$\\?");
    }

    private static StreamResult result(StreamResult.Outcome outcome, String stdout, String stderr) {
        byte[] out = stdout.getBytes(StandardCharsets.UTF_8);
        return new StreamResult(out, out.length, stderr.getBytes(StandardCharsets.UTF_8),
                outcome == StreamResult.Outcome.COMPLETED, outcome == StreamResult.Outcome.COMPLETED ? 0 : null, true,
                outcome, null, 1_000_000L);
    }

    private static AdbDeviceMetadata.Fetch.Failed failure(AdbDeviceMetadata.Fetch fetch) {
        assertThat(fetch).isInstanceOf(AdbDeviceMetadata.Fetch.Failed.class);
        return (AdbDeviceMetadata.Fetch.Failed) fetch;
    }
}
