package com.androperator.evidence.domain.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.androperator.evidence.contracts.ErrorCodes;
import com.androperator.evidence.contracts.VideoSize;
import com.androperator.evidence.domain.fakes.CliLikeTerms;
import com.androperator.evidence.domain.model.Checked;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VideoSizingTest {
    private static final VideoSize PIXEL = new VideoSize(1080, 2400);

    @ParameterizedTest
    @CsvSource({"1080,2400,576,1280", "2400,1080,1280,576", "720,1280,720,1280", "721,1279,720,1278",
            "1440,3120,590,1280", "1,1,2,2"})
    void theDefaultScalesTheLongestEdgeTo1280AndRoundsBothEdgesDownToEven(int w, int h, int ew, int eh) {
        assertThat(VideoSizing.defaultFor(new VideoSize(w, h))).isEqualTo(new VideoSize(ew, eh));
    }

    @Test
    void aQuarterTurnSwapsTheNaturalDisplaySize() {
        assertThat(VideoSizing.currentOrientation(1080, 2400, 1)).isEqualTo(new VideoSize(2400, 1080));
        assertThat(VideoSizing.currentOrientation(1080, 2400, 2)).isEqualTo(new VideoSize(1080, 2400));
        assertThat(VideoSizing.currentOrientation(1080, 2400, null)).isEqualTo(new VideoSize(1080, 2400));
    }

    @Test
    void anEvenSizeWithinOnePercentOfTheDisplayAspectIsAccepted() {
        assertThat(VideoSizing.requested(CliLikeTerms.INSTANCE, "324x720", PIXEL)).isEqualTo(Checked.accepted(new VideoSize(324, 720)));
        assertThat(VideoSizing.requested(CliLikeTerms.INSTANCE, "540x1200", PIXEL)).isInstanceOf(Checked.Accepted.class);
        assertThat(VideoSizing.requested(CliLikeTerms.INSTANCE, "326x720", PIXEL)).as("0.6% off").isInstanceOf(Checked.Accepted.class);
    }

    @Test
    void oddZeroMalformedOrMisproportionedSizesAreRefused() {
        for (String size : List.of("325x720", "0x720", "720", "324x720x2", "-324x720", "324X720", "328x720", "720x324")) {
            assertThat(VideoSizing.requested(CliLikeTerms.INSTANCE, size, PIXEL)).as(size).isInstanceOfSatisfying(Checked.Rejected.class,
                    rejected -> {
                        assertThat(rejected.failure().code()).isEqualTo(ErrorCodes.EXECUTION_VALIDATION_FAILED);
                        assertThat(rejected.failure().details().asMap()).containsEntry("option", "--size");
                    });
        }
    }

    @Test
    void laterClipsKeepTheirAspectWithinTheInitialLongestEdge() {
        assertThat(VideoSizing.laterClip(new VideoSize(1800, 2000), 1280)).isEqualTo(new VideoSize(1152, 1280));
        assertThat(VideoSizing.laterClip(new VideoSize(648, 720), 720)).isEqualTo(new VideoSize(648, 720));
        assertThat(VideoSizing.laterClip(new VideoSize(641, 719), 1280)).isEqualTo(new VideoSize(640, 718));
    }
}
