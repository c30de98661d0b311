package com.androperator.evidence.adapters.media.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.domain.model.Failure;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ffmpeg's strerror text is read through the one errno table, as the file adapters read Java's. */
class MediaFailuresTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "'[out#0/mp4] Error writing trailer: No space left on device', STORAGE_FAILED, ENOSPC",
            "'av_interleaved_write_frame(): File too large', STORAGE_FAILED, EFBIG",
            "'Error writing output: Input/output error', VIDEO_VERIFICATION_FAILED, ",
            "'Invalid data found when processing input', VIDEO_VERIFICATION_FAILED, ",
    })
    void exhaustedStorageIsStorageFailedWithItsErrnoAndAnythingElseAMediaFault(String stderr, String code, String cause) {
        ProcessRun run = new ProcessRun(ProcessRun.Termination.EXITED, 1, new byte[0],
                (stderr + "\n").getBytes(StandardCharsets.UTF_8), null);

        Failure failure = MediaFailures.of("Encoding clip 1", List.of("ffmpeg"), run);

        assertThat(failure.code()).isEqualTo(code.equals("STORAGE_FAILED") ? ErrorCodes.STORAGE_FAILED
                : ErrorCodes.VIDEO_VERIFICATION_FAILED);
        assertThat(failure.details().asMap().get("causeCode")).isEqualTo(cause);
    }
}
