package com.androperator.evidence.junit5;

import static org.junit.jupiter.api.Assertions.fail;

import com.androperator.evidence.junit5.Fixtures.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Tests a user would write with video on, run only through {@link FixtureRun}. */
final class VideoFixtures {
    /** Where the fake scrcpy's encoder reports its frames (FAKE_SCRCPY_PROGRESS_DIR); null: do not wait. */
    static volatile Path progress;

    private VideoFixtures() {
    }

    /** Registered with the builder the test put in {@link Scenario}. */
    static class Recorded {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        void passes() {
            awaitFrames();
        }

        @Test
        void fails() {
            awaitFrames();
            fail(Fixtures.FAILURE);
        }
    }

    /** The method passes; the teardown fails, so the test fails after its recording stopped. */
    static class FailingTeardown {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @AfterEach
        void closeCheckout() {
            fail("the checkout could not be closed");
        }

        @Test
        void passes() {
            awaitFrames();
        }
    }

    @CaptureEvidenceOnFailure.Config(video = "sometimes")
    static class BadVideo {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        void passes() {
        }
    }

    @CaptureEvidenceOnFailure.Config(video = "always", videoDurationSeconds = 181)
    static class TooLong {
        @RegisterExtension
        CaptureEvidenceOnFailure evidence = Scenario.extension();

        @Test
        void passes() {
        }
    }

    /**
     * What a UI test does for a while: waits (bounded) until the screen being recorded has given at
     * least 15 frames, read from the fake encoder's progress file written since this test began.
     */
    static void awaitFrames() {
        Path directory = progress;
        if (directory == null) {
            return;
        }
        Instant began = Instant.now().minusMillis(1);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() - deadline < 0 && framesSince(directory, began) < 15) {
            // Paces the poll only: the frame count alone ends the wait.
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
    }

    private static long framesSince(Path directory, Instant began) {
        try (Stream<Path> files = Files.list(directory)) {
            long most = -1;
            for (Path file : files.filter(f -> f.toString().endsWith(".progress")).toList()) {
                if (Files.getLastModifiedTime(file).toInstant().isAfter(began)) {
                    most = Math.max(most, lastFrame(Files.readAllLines(file)));
                }
            }
            return most;
        } catch (IOException e) {
            return -1;
        }
    }

    private static long lastFrame(List<String> lines) {
        long frame = -1;
        for (String line : lines) {
            if (line.matches("frame=\\s*[0-9]+")) {
                frame = Long.parseLong(line.substring("frame=".length()).strip());
            }
        }
        return frame;
    }
}
