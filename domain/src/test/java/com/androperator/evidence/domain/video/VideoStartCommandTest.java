package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.CallerJson;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one video start request: each named field lands in its own place, and nothing starts set. */
class VideoStartCommandTest {

    @Test
    void everyNamedFieldLandsInItsOwnPlace() {
        Map<String, Object> context = Map.of("run", "nightly");

        VideoStartCommand command = VideoStartCommand.builder().outputDir("/evidence/out").deviceSerial("emulator-5554")
                .operatorPackage("com.androperator.operator.dev").durationSeconds(30).size("576x1280").label("checkout")
                .context(context).build();

        assertThat(command).isEqualTo(new VideoStartCommand("/evidence/out", "emulator-5554",
                "com.androperator.operator.dev", 30, "576x1280", "checkout", CallerJson.of(context)));
    }

    @Test
    void aFieldNotGivenIsNull() {
        assertThat(VideoStartCommand.builder().build())
                .isEqualTo(new VideoStartCommand(null, null, null, null, null, null, null));
    }

    @Test
    void anotherDeviceSerialChangesOnlyTheSerial() {
        VideoStartCommand command = VideoStartCommand.builder().outputDir("/evidence/out").deviceSerial("a")
                .operatorPackage("com.example.op").durationSeconds(5).size("576x1280").label("l").context(Map.of()).build();

        assertThat(command.withDeviceSerial("127.0.0.1:5555")).isEqualTo(new VideoStartCommand("/evidence/out",
                "127.0.0.1:5555", "com.example.op", 5, "576x1280", "l", CallerJson.of(Map.of())));
    }
}
