package com.androperator.evidence.domain.port.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.domain.port.video.RecorderLauncher;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderCommand;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderOutput;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderProcess;
import com.androperator.evidence.domain.port.video.RecorderLauncher.RecorderStart;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RecorderLauncher} promises the video worker, the domain's scripted scrcpy and
 * the real launcher (running a stand-in scrcpy that records real H.264) alike: a launched recorder
 * runs with the command line it was given, opens its capture file, answers SIGINT by exiting with
 * a status, ends by itself at its time limit, keeps what it printed, and is never signalled once it
 * has exited. Time passes only through {@link RecorderProcess#awaitExit(long)}, so the fake's
 * manual clock and the real clock serve the same steps.
 */
public abstract class RecorderLauncherContract {
    /** Longer than any step here takes; a bound, never a wait that passes. */
    private static final long PATIENCE_MILLIS = 30_000;
    private static final long STEP_MILLIS = 50;

    /** A command as it was given to {@link RecorderLauncher#launch}, and what the launch gave back. */
    public record Launch(RecorderCommand command, RecorderStart start) {
    }

    /**
     * Launches a recorder for the serial {@code emulator-5554} that stops by itself after
     * {@code timeLimitSeconds}, and stops on SIGINT when {@code answersSigint} (else ignores it).
     */
    protected abstract Launch launch(int timeLimitSeconds, boolean answersSigint);

    @Test
    void aLaunchedRecorderRunsTheCommandItWasGivenAndOpensItsCaptureFile() {
        Launch launch = launch(60, true);
        RecorderCommand command = launch.command();
        RecorderProcess recorder = started(launch.start());
        try {
            assertThat(recorder.commandLine().get(0)).isEqualTo(command.recorder());
            assertThat(recorder.commandLine()).contains("--serial=emulator-5554", "--record=" + command.recordFile(),
                    "--max-size=" + command.maxSize(), "--time-limit=60");
            assertThat(recorder.pid()).isPositive();
            assertThat(awaitCaptureFile(recorder)).isTrue();
            assertThat(recorder.isAlive()).isTrue();
            assertThat(recorder.exitStatus()).isEmpty();
        } finally {
            stop(recorder);
        }
    }

    @Test
    void sigintEndsTheRecorderWithAStatusAndAnExitedRecorderIsNeverSignalled() {
        RecorderProcess recorder = started(launch(60, true).start());
        assertThat(awaitCaptureFile(recorder)).isTrue();

        assertThat(recorder.interrupt()).isTrue();

        assertThat(recorder.awaitExit(PATIENCE_MILLIS)).isTrue();
        assertThat(recorder.isAlive()).isFalse();
        // Which status depends on how far the recording got (scrcpy's muxer may fail on an empty stream).
        assertThat(recorder.exitStatus()).isPresent();
        assertThat(recorder.interrupt()).isFalse();
    }

    @Test
    void theRecorderEndsByItselfAtItsTimeLimit() {
        RecorderProcess recorder = started(launch(1, true).start());

        assertThat(recorder.awaitExit(PATIENCE_MILLIS)).isTrue();
        assertThat(recorder.exitStatus()).hasValue(0);
    }

    @Test
    void whatTheRecorderPrintedIsKeptAndCounted() {
        RecorderProcess recorder = started(launch(1, true).start());
        assertThat(recorder.awaitExit(PATIENCE_MILLIS)).isTrue();

        RecorderOutput output = recorder.output();

        assertThat(output.truncated()).isFalse();
        assertThat(output.totalBytes()).isEqualTo(output.retained().length);
        assertThat(new String(output.retained(), StandardCharsets.UTF_8)).contains("Recording complete");
    }

    @Test
    void aRecorderThatIgnoresSigintIsStillAliveAfterIt() {
        RecorderProcess recorder = started(launch(3, false).start());
        assertThat(awaitCaptureFile(recorder)).isTrue();

        assertThat(recorder.interrupt()).isTrue();

        assertThat(recorder.awaitExit(500)).isFalse();
        assertThat(recorder.isAlive()).isTrue();
        assertThat(recorder.awaitExit(PATIENCE_MILLIS)).as("its own time limit still ends it").isTrue();
    }

    private static RecorderProcess started(RecorderStart start) {
        assertThat(start).isInstanceOf(RecorderStart.Started.class);
        return ((RecorderStart.Started) start).process();
    }

    /** Waits in steps through the recorder's own wait (which moves a fake's clock) until the file exists. */
    private static boolean awaitCaptureFile(RecorderProcess recorder) {
        for (long waited = 0; waited < PATIENCE_MILLIS; waited += STEP_MILLIS) {
            if (recorder.captureFileOpened()) {
                return true;
            }
            recorder.awaitExit(STEP_MILLIS);
        }
        return recorder.captureFileOpened();
    }

    private static void stop(RecorderProcess recorder) {
        if (recorder.interrupt()) {
            recorder.awaitExit(PATIENCE_MILLIS);
        }
    }
}
